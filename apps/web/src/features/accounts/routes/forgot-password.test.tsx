import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, recordPostsTo, renderWithProviders } from '@/test/render';

import ForgotPasswordPage from './forgot-password';

afterEach(() => vi.unstubAllGlobals());

/** The identity service as the page sees it, answering reset requests with `answer`. */
const fakeIdentity = (answer: () => Response) =>
  recordPostsTo('/api/auth/request-password-reset', answer);

async function ask(email: string) {
  renderWithProviders(<ForgotPasswordPage />, { route: '/forgot-password' });
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
}

describe('Forgot password', () => {
  it('asks for a valid address before sending anything', async () => {
    const requests = fakeIdentity(json({ status: true }));
    await ask('not-an-address');
    expect(await screen.findByText('provide a valid email')).toBeVisible();
    expect(requests).toEqual([]);
  });

  it('says a link is on its way if an account uses the address', async () => {
    const requests = fakeIdentity(json({ status: true, message: 'If this email exists…' }));
    await ask('ada@example.com');
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(
      'If an account uses ada@example.com, we have sent it a link to choose a new password. The link works once, for one hour.',
    );
    expect(requests).toEqual([{ email: 'ada@example.com' }]);
  });

  it('says how long to wait once the requests are limited', async () => {
    fakeIdentity(
      () =>
        new Response(JSON.stringify({ message: 'Too many requests. Please try again later.' }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '1500' },
        }),
    );
    await ask('ada@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You can ask for a reset link 5 times an hour: try again in 25 minutes.',
    );
  });
});
