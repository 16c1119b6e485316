import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json, renderWithProviders } from '@/test/render';

import BuiltinCardForm from './builtin-card-form';

afterEach(() => vi.unstubAllGlobals());

/** A fetch stand-in for the payment calls; the card confirmation answers only when released. */
function fakePaymentApi() {
  const calls: string[] = [];
  let release: () => void = () => undefined;
  const confirmation = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    if (url === '/api/create-payment-intent') return json({ clientSecret: 'pi_1_secret_2' })();
    if (url === '/api/payments/builtin/confirm') {
      await confirmation;
      return json({ paymentIntent: { id: 'pi_1', status: 'succeeded' } })();
    }
    return json({ modifiedCount: 1 })();
  });
  return { calls, release };
}

describe('BuiltinCardForm', () => {
  it('charges once however often Pay is clicked, then reports the transaction', async () => {
    const api = fakePaymentApi();
    const onPaid = vi.fn();
    renderWithProviders(<BuiltinCardForm orderId="o1" amount={120} onPaid={onPaid} />);
    await userEvent.type(screen.getByLabelText('Card number'), '4242424242424242');
    await userEvent.type(screen.getByLabelText('Expiry (MM / YY)'), '12 / 34');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    const pay = await screen.findByRole('button', { name: 'Pay $120.00' });
    await vi.waitFor(() => expect(pay).toBeEnabled());

    await userEvent.dblClick(pay);
    await userEvent.click(pay);
    api.release();

    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledWith('pi_1'));
    expect(api.calls.filter((url) => url === '/api/payments/builtin/confirm')).toHaveLength(1);
    expect(api.calls.filter((url) => url === '/api/orders/o1')).toHaveLength(1);
  });

  it('cannot be sent before the payment intent exists', () => {
    vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
    renderWithProviders(<BuiltinCardForm orderId="o1" amount={120} onPaid={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Pay $120.00' })).toBeDisabled();
  });
});
