import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { AdminOrdersPage } from '@apex/contract';

import { answerByAddress, renderWithProviders } from '@/test/render';
import { orderJson } from '@/test/wire';

import { getManagedOrders } from '../api/manage-orders';
import ManageOrdersPage from './manage-orders';

afterEach(() => vi.unstubAllGlobals());

const order = (n: number, email = `driver${n}@example.com`) =>
  orderJson({ _id: `o${n}`, order: `Part ${n}`, userEmail: email, userName: `Driver ${n}` });

const fifty = Array.from({ length: 50 }, (_, i) => order(i + 1));

describe('Manage Orders', () => {
  it('shows 50 orders, says so, and Show more adds the next ones with focus on the first', async () => {
    const fetch = answerByAddress<AdminOrdersPage>({
      '/api/manage/orders': { orders: fifty, next: 'c50' },
      '/api/manage/orders?cursor=c50': { orders: [order(51), order(52)], next: null },
    });
    renderWithProviders(<ManageOrdersPage />);
    expect(await screen.findByText('50 orders shown; Show more for the next ones')).toHaveAttribute(
      'role',
      'status',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));

    const row = (await screen.findByText('Driver 51')).closest('tr');
    expect(fetch).toHaveBeenLastCalledWith('/api/manage/orders?cursor=c50', expect.anything());
    expect(row).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('52 orders shown');
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    // Fifty rows drawn twice over: seconds on a busy machine.
  }, 15_000);

  it('filters by state at once and searches by e-mail or name on Search, from the address too', async () => {
    const fetch = answerByAddress<AdminOrdersPage>({
      '/api/manage/orders?state=shipped': { orders: [order(7)], next: null },
      '/api/manage/orders?state=unpaid': { orders: [order(8)], next: null },
      '/api/manage/orders?state=unpaid&q=100%25_o%27brien': { orders: [], next: null },
    });
    renderWithProviders(<ManageOrdersPage />, { route: '/dashboard/manageorders?state=shipped' });
    expect(await screen.findByText('Driver 7')).toBeVisible();
    const filters = screen.getByRole('search', { name: 'Find orders' });
    expect(within(filters).getByLabelText('State')).toHaveValue('shipped');

    await userEvent.selectOptions(within(filters).getByLabelText('State'), 'Unpaid');
    expect(await screen.findByText('Driver 8')).toBeVisible();

    await userEvent.type(
      within(filters).getByLabelText('Customer e-mail or name'),
      "100%_o'brien{Enter}",
    );
    expect(await screen.findByText('No orders match this search.')).toBeVisible();
    expect(fetch).toHaveBeenLastCalledWith(
      '/api/manage/orders?state=unpaid&q=100%25_o%27brien',
      expect.anything(),
    );
  });
});

describe('the refresh of a page of Manage Orders', () => {
  it('sends the ETag of the copy shown, and keeps that copy on a 304', async () => {
    const answers = [
      new Response(JSON.stringify({ orders: [order(1)], next: null }), {
        status: 200,
        headers: { 'content-type': 'application/json', etag: '"orders-page-a"' },
      }),
      new Response(null, { status: 304, headers: { etag: '"orders-page-a"' } }),
    ];
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => {
      const answer = answers.shift();
      if (!answer) throw new Error('no more answers');
      return answer;
    });
    vi.stubGlobal('fetch', fetch);
    const filter = { state: 'unpaid' as const, words: '' };

    const first = await getManagedOrders(filter, null);
    expect(first.etag).toBe('"orders-page-a"');
    const again = await getManagedOrders(filter, null, { held: first });
    expect(again).toBe(first);
    expect(fetch.mock.calls[1]?.[0]).toBe('/api/manage/orders?state=unpaid');
    expect(fetch.mock.calls[1]?.[1].headers).toMatchObject({ 'if-none-match': '"orders-page-a"' });
  });
});
