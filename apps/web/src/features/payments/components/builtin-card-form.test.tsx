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
    renderWithProviders(<BuiltinCardForm orderId="o1" amountCents={12_000} onPaid={onPaid} />);
    await userEvent.type(screen.getByLabelText('Card number'), '4242424242424242');
    await userEvent.type(screen.getByLabelText('Expiry (MM / YY)'), '12 / 34');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    const pay = await screen.findByRole('button', { name: 'Pay $120.00' });
    await vi.waitFor(() => expect(pay).not.toHaveAttribute('aria-disabled'));

    await userEvent.dblClick(pay);
    await userEvent.click(pay);
    api.release();

    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledWith('pi_1'));
    expect(api.calls.filter((url) => url === '/api/payments/builtin/confirm')).toHaveLength(1);
    expect(api.calls.filter((url) => url === '/api/orders/o1')).toHaveLength(1);
  });

  it('cannot be sent before the payment intent exists, and Pay stays reachable', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      calls.push(url);
      return new Promise<Response>(() => undefined);
    });
    renderWithProviders(<BuiltinCardForm orderId="o1" amountCents={12_000} onPaid={vi.fn()} />);
    const pay = screen.getByRole('button', { name: 'Pay $120.00' });
    expect(pay).toHaveAttribute('aria-disabled', 'true');
    expect(pay).toBeEnabled();

    await userEvent.click(pay);
    expect(calls).not.toContain('/api/payments/builtin/confirm');
  });
});

describe('BuiltinCardForm refusals', () => {
  /** The payment calls, the card confirmation refused with Stripe's code and words. */
  function refusingPaymentApi(code: string, message: string) {
    vi.stubGlobal('fetch', async (url: string) => {
      if (url === '/api/create-payment-intent') return json({ clientSecret: 'pi_1_secret_2' })();
      if (url === '/api/payments/builtin/confirm')
        return json({ statusCode: 402, error: 'Payment Required', message, code }, 402)();
      return json({ modifiedCount: 1 })();
    });
  }

  async function payWith(expiry: string) {
    renderWithProviders(<BuiltinCardForm orderId="o1" amountCents={12_000} onPaid={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Card number'), '4242424242424242');
    await userEvent.type(screen.getByLabelText('Expiry (MM / YY)'), expiry);
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    const pay = await screen.findByRole('button', { name: 'Pay $120.00' });
    await vi.waitFor(() => expect(pay).not.toHaveAttribute('aria-disabled'));
    await userEvent.click(pay);
  }

  it('shows a refusal about one field under that field, read with it, and focuses it', async () => {
    refusingPaymentApi('expired_card', 'Your card has expired.');
    await payWith('01 / 20');

    const expiry = screen.getByLabelText('Expiry (MM / YY)');
    await vi.waitFor(() => expect(expiry).toHaveFocus());
    expect(expiry).toHaveAttribute('aria-invalid', 'true');
    expect(expiry).toHaveAccessibleDescription('Your card has expired.');
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByRole('alert')).toHaveTextContent('');
  });

  it('shows a decline under the form and moves focus to it', async () => {
    refusingPaymentApi('card_declined', 'Your card was declined.');
    await payWith('12 / 34');

    const alert = screen.getByRole('alert');
    await vi.waitFor(() => expect(alert).toHaveTextContent('Your card was declined.'));
    expect(alert).toHaveFocus();
    for (const label of ['Card number', 'Expiry (MM / YY)', 'CVC']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'false');
    }
  });
});

describe('BuiltinCardForm fields', () => {
  it.each([
    ['Card number', '4242', 'Your card number is invalid.'],
    ['Expiry (MM / YY)', '1234', "Your card's expiration date is incomplete."],
    ['CVC', '12', "Your card's security code is incomplete."],
  ])(
    'refuses a %s that cannot be right in the contract’s words, focused, and charges nothing',
    async (label, typed, message) => {
      const api = fakePaymentApi();
      renderWithProviders(<BuiltinCardForm orderId="o1" amountCents={12_000} onPaid={vi.fn()} />);
      const card = { 'Card number': '4242424242424242', 'Expiry (MM / YY)': '12 / 34', CVC: '123' };
      for (const [name, value] of Object.entries({ ...card, [label]: typed })) {
        await userEvent.type(screen.getByLabelText(name), value);
      }
      const pay = await screen.findByRole('button', { name: 'Pay $120.00' });
      await vi.waitFor(() => expect(pay).not.toHaveAttribute('aria-disabled'));
      await userEvent.click(pay);

      const field = screen.getByLabelText(label);
      await vi.waitFor(() => expect(field).toHaveFocus());
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(message);
      expect(api.calls).not.toContain('/api/payments/builtin/confirm');
    },
  );
});
