import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { notify } from '@/lib/notify';

import Toasts from './toasts';

describe('toasts', () => {
  it('shows a message top-right when notify is called', async () => {
    const { container } = render(<Toasts />);
    await notify('success', 'Order Placed');
    expect(await screen.findByText('Order Placed')).toBeInTheDocument();
    expect(container.querySelector('.Toastify__toast-container--top-right')).not.toBeNull();
  });

  it('shows a message sent before the toast area was mounted', async () => {
    // The app mounts the toast area only once the first message is sent.
    await notify('info', 'Sent before the toast area');
    render(<Toasts />);
    expect(await screen.findByText('Sent before the toast area')).toBeInTheDocument();
  });
});
