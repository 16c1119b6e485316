import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Order } from '@apex/contract';

import { answerByAddress, json, renderWithProviders } from '@/test/render';
import { orderJson } from '@/test/wire';

import ManageOrdersPage from './manage-orders';
import MyOrdersPage from './my-orders';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const NOW = Date.parse('2026-05-01T12:00:00Z');

const anOrder = (overrides: Partial<Order>) =>
  orderJson({ createdAt: new Date(NOW - 60_000).toISOString(), ...overrides });

const testPaid = anOrder({
  _id: 'o-test',
  order: 'Test-paid Wing',
  payment: 'paid',
  status: 'pending',
  transactionId: 'pi_test_1',
  testPayment: true,
});
const reallyPaid = anOrder({
  _id: 'o-real',
  order: 'Really-paid Diffuser',
  payment: 'paid',
  status: 'shipped',
  transactionId: 'pi_live_1',
});
const unpaid = anOrder({
  _id: 'o-unpaid',
  order: 'Unpaid Splitter',
  // 23½ minutes left: shown as 24, rounded up so the last minute still shows.
  expiresAt: new Date(NOW + 23.5 * 60_000).toISOString(),
  held: true,
});
const notHeld = anOrder({
  _id: 'o-not-held',
  order: 'Last Diffuser',
  expiresAt: new Date(NOW + 10 * 60_000).toISOString(),
  held: false,
});
const soldOut = anOrder({
  _id: 'o-sold-out',
  order: 'Sold Wing',
  status: 'cancelled',
  cancelReason: 'sold-out',
});
const expired = anOrder({
  _id: 'o-expired',
  order: 'Expired Spoiler',
  status: 'cancelled',
  cancelReason: 'expired',
});
const cancelled = anOrder({
  _id: 'o-cancelled',
  order: 'Cancelled Exhaust',
  status: 'cancelled',
  cancelReason: 'customer',
});

/** An order of three parts, paid: one order, one payment, a line per part. */
const threeParts = anOrder({
  _id: 'o-three',
  order: 'Brake Kit, Rear Wing, Intake',
  orderId: 'brakes',
  unitPrice: null,
  orderQuantity: 6,
  price: 4318,
  payment: 'paid',
  status: 'pending',
  transactionId: 'pi_test_3',
  lines: [
    { partId: 'brakes', name: 'Brake Kit', unitPrice: 1849, quantity: 2, price: 3698 },
    { partId: 'wing', name: 'Rear Wing', unitPrice: 120, quantity: 3, price: 360 },
    { partId: 'intake', name: 'Intake', unitPrice: 260, quantity: 1, price: 260 },
  ],
});

/** The lines an order's Part cell lists, as read. */
const linesShown = (row: HTMLElement) =>
  within(row)
    .getAllByRole('listitem')
    .map((item) => item.textContent);

/** The shop's API as the order pages see it; answers and records every call. */
function fakeOrdersApi(orders: Order[]) {
  const calls: { method: string; url: string }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ method: init?.method ?? 'GET', url });
    if (url === '/api/auth/get-session') {
      return json({ user: { id: 'u1', name: 'Ada Driver', email: 'ada@example.com' } })();
    }
    if (url.endsWith('/cancel')) return json({ ...unpaid, status: 'cancelled' })();
    if (url.startsWith('/api/manage/orders') || url.startsWith('/api/my-orders')) {
      return json({ orders, next: null })();
    }
    return json(orders)();
  });
  return calls;
}

const rowOf = (name: string) => {
  const cell = screen.getByRole('cell', { name });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
};

describe('My Orders', () => {
  it('shows 20 orders, says so, and Show more adds the next ones with focus on the first', async () => {
    const order = (n: number) => anOrder({ _id: `o${n}`, order: `Part ${n}` });
    const fetch = answerByAddress<unknown>({
      '/api/auth/get-session': { user: { id: 'u1', name: 'Ada', email: 'ada@example.com' } },
      '/api/my-orders': {
        orders: Array.from({ length: 20 }, (_, i) => order(i + 1)),
        next: 'c20',
      },
      '/api/my-orders?cursor=c20': { orders: [order(21), order(22)], next: null },
    });
    renderWithProviders(<MyOrdersPage />);
    expect(await screen.findByText('20 orders shown; Show more for the next ones')).toHaveAttribute(
      'role',
      'status',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));

    const row = (await screen.findByRole('cell', { name: 'Part 21' })).closest('tr');
    expect(fetch).toHaveBeenLastCalledWith('/api/my-orders?cursor=c20', expect.anything());
    expect(row).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('22 orders shown');
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  }, 15_000);

  it('says nothing of pages when the first holds every order', async () => {
    fakeOrdersApi([testPaid, reallyPaid]);
    renderWithProviders(<MyOrdersPage />);
    await screen.findByRole('cell', { name: 'Test-paid Wing' });
    expect(screen.queryByText(/orders shown/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('marks a test payment beside Paid, and only a test payment', async () => {
    fakeOrdersApi([testPaid, reallyPaid]);
    renderWithProviders(<MyOrdersPage />);
    await screen.findByRole('cell', { name: 'Test-paid Wing' });
    const test = rowOf('Test-paid Wing');
    expect(test.getByText('Paid', { exact: true })).toBeVisible();
    expect(test.getByText('Test payment')).toBeVisible();
    const real = rowOf('Really-paid Diffuser');
    expect(real.getByText('Shipped', { exact: true })).toBeVisible();
    expect(real.queryByText('Test payment')).toBeNull();
  });

  it('shows the time left to pay an unpaid order, counting down', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
    fakeOrdersApi([unpaid]);
    renderWithProviders(<MyOrdersPage />);
    await screen.findByRole('cell', { name: 'Unpaid Splitter' });
    const row = rowOf('Unpaid Splitter');
    expect(row.getByText(/^Held for you until \d\d:\d\d: pay within 24 min$/)).toBeVisible();
    expect(row.getByRole('link', { name: 'Pay for Unpaid Splitter' })).toBeVisible();

    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    expect(row.getByText(/: pay within 23 min$/)).toBeVisible();
    // Once the time is up the order can no longer be paid.
    await act(async () => {
      vi.advanceTimersByTime(23 * 60_000);
    });
    expect(row.getByText('Expired')).toBeVisible();
    expect(row.queryByRole('link', { name: 'Pay for Unpaid Splitter' })).toBeNull();
  });

  it('says of an order whose parts are not held that the last units go to whoever pays first', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
    fakeOrdersApi([notHeld]);
    renderWithProviders(<MyOrdersPage />);
    await screen.findByRole('cell', { name: 'Last Diffuser' });
    expect(
      rowOf('Last Diffuser').getByText(
        'Not held: pay within 10 min; the last units go to whoever pays first',
      ),
    ).toBeVisible();
  });

  it('shows expired, cancelled and sold-out orders as such, without Pay', async () => {
    fakeOrdersApi([expired, cancelled, soldOut]);
    renderWithProviders(<MyOrdersPage />);
    await screen.findByRole('cell', { name: 'Expired Spoiler' });
    expect(rowOf('Expired Spoiler').getByText('Expired')).toBeVisible();
    expect(rowOf('Cancelled Exhaust').getByText('Cancelled')).toBeVisible();
    expect(rowOf('Sold Wing').getByText('Sold out, refunded')).toBeVisible();
    expect(screen.queryByRole('link', { name: /^Pay for/ })).toBeNull();
  });

  it('cancels an unpaid order only after the customer confirms', async () => {
    const calls = fakeOrdersApi([unpaid]);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false);
    renderWithProviders(<MyOrdersPage />);
    const button = await screen.findByRole('button', {
      name: 'Cancel the order of Unpaid Splitter',
    });
    const cancelCalls = () => calls.filter((call) => call.url.endsWith('/cancel'));

    await userEvent.click(button);
    expect(confirm).toHaveBeenCalledWith(
      'Cancel your order of 2 × Unpaid Splitter? It cannot be paid afterwards.',
    );
    expect(cancelCalls()).toEqual([]);

    confirm.mockReturnValueOnce(true);
    await userEvent.click(button);
    await vi.waitFor(() =>
      expect(cancelCalls()).toEqual([{ method: 'POST', url: '/api/orders/o-unpaid/cancel' }]),
    );
  });
});

describe('an order of several parts', () => {
  it.each([
    ['My Orders', MyOrdersPage],
    ['Manage Orders', ManageOrdersPage],
  ])('shows each line on %s: name × quantity, and its price', async (_page, Page) => {
    fakeOrdersApi([threeParts]);
    renderWithProviders(<Page />);
    const item = await screen.findByText(/^Brake Kit × 2/);
    const row = item.closest('tr');
    if (!row) throw new Error('no row for the order of three parts');
    expect(linesShown(row)).toEqual([
      'Brake Kit × 2 $3,698.00',
      'Rear Wing × 3 $360.00',
      'Intake × 1 $260.00',
    ]);
    expect(within(row).getByRole('cell', { name: '6' })).toBeVisible();
    expect(within(row).getByRole('cell', { name: '$4,318.00' })).toBeVisible();
  });
});

describe('Manage Orders', () => {
  it('marks test payments and shows expired and cancelled orders', async () => {
    fakeOrdersApi([testPaid, reallyPaid, expired, cancelled]);
    renderWithProviders(<ManageOrdersPage />);
    await screen.findByRole('cell', { name: 'Test-paid Wing' });
    const test = rowOf('Test-paid Wing');
    expect(test.getByRole('button', { name: /^Pending/ })).toBeVisible();
    expect(test.getByText('Test payment')).toBeVisible();
    expect(rowOf('Really-paid Diffuser').queryByText('Test payment')).toBeNull();
    expect(rowOf('Expired Spoiler').getByText('Expired')).toBeVisible();
    expect(rowOf('Cancelled Exhaust').getByText('Cancelled')).toBeVisible();
  });
});
