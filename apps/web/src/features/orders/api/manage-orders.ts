import { ADMIN_SEARCH_MAX_LENGTH, ORDER_STATES, type OrderState } from '@apex/contract';

import { queryKeys } from '@/lib/query-keys';

import { getOrdersPage, type OrdersPage, useOrderPages } from './order-pages';

/** What Manage Orders shows: one state's orders or all, and customers whose e-mail or name start so. */
export interface OrderFilter {
  state: OrderState | null;
  words: string;
}

/** The filter an address carries; what it cannot mean is left out, as if not there. */
export function orderFilterOf(params: URLSearchParams): OrderFilter {
  const state = params.get('state');
  const words = (params.get('q') ?? '').trim().slice(0, ADMIN_SEARCH_MAX_LENGTH);
  return {
    state: ORDER_STATES.find((known) => known === state) ?? null,
    words,
  };
}

/** The filter as the address (and the API) carry it; nothing for "every order". */
export function searchParamsOfOrderFilter({ state, words }: OrderFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (state) params.set('state', state);
  if (words) params.set('q', words);
  return params;
}

/** A page of Manage Orders; `held`, the copy of it the page shows, is kept when still current. */
export function getManagedOrders(
  filter: OrderFilter,
  cursor: string | null,
  options: { signal?: AbortSignal; held?: OrdersPage | undefined } = {},
): Promise<OrdersPage> {
  return getOrdersPage(managedOrdersPath(filter, cursor), options);
}

function managedOrdersPath(filter: OrderFilter, cursor: string | null): string {
  const params = searchParamsOfOrderFilter(filter);
  if (cursor) params.set('cursor', cursor);
  return params.size > 0 ? `/manage/orders?${params.toString()}` : '/manage/orders';
}

/** Manage Orders, 50 at a time, newest first, each page shown asked for again every 4 s. */
export function useManagedOrders(filter: OrderFilter) {
  return useOrderPages(
    queryKeys.orders.managed(searchParamsOfOrderFilter(filter).toString()),
    (cursor) => managedOrdersPath(filter, cursor),
    () => 4000,
  );
}
