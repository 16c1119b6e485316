import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Order } from '@apex/contract';

import { json, renderWithProviders } from '@/test/render';
import { orderJson } from '@/test/wire';

import PaymentPage from './payment';

afterEach(() => vi.unstubAllGlobals());

const order = orderJson({
  expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
  held: true,
});

/** The payment calls answered as the built-in test processor would. */
function fakePaymentApi(shown: Order) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    if (url === '/api/payment-config') return json({ provider: 'builtin' })();
    if (url === '/api/create-payment-intent') return json({ clientSecret: 'pi_1_secret_2' })();
    return json(shown)();
  });
  return calls;
}

const renderPage = () =>
  renderWithProviders(
    <Routes>
      <Route path="/dashboard/payment/:id" element={<PaymentPage />} />
    </Routes>,
    { route: '/dashboard/payment/o1' },
  );

describe('the payment page', () => {
  it('says that no money moves while the built-in test processor takes the card', async () => {
    fakePaymentApi(order);
    renderPage();
    expect(await screen.findByText('Test mode — no money moves')).toBeVisible();
    expect(screen.getByText(/^Held for you until \d\d:\d\d: pay within 10 min\.$/)).toBeVisible();
    expect(await screen.findByLabelText('Card number')).toBeVisible();
  });

  it('offers no card form for an order that expired', async () => {
    const calls = fakePaymentApi({
      ...order,
      status: 'cancelled',
      cancelReason: 'expired',
      expiresAt: null,
    });
    renderPage();
    expect(
      await screen.findByText(
        'This order expired before it was paid: its parts went back on sale.',
      ),
    ).toBeVisible();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(calls).not.toContain('/api/create-payment-intent');
  });
});
