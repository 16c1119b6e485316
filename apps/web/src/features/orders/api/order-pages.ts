import { type InfiniteData, type QueryKey, useInfiniteQuery } from '@tanstack/react-query';

import type { AdminOrdersPage, MyOrdersPage } from '@apex/contract';

import { apiGetUnlessMatch } from '@/lib/api';
import type { Order } from '@/lib/shop';

import { fromOrderJson } from './order-json';

/** One page of a list of orders (Manage Orders, My Orders), with the ETag it came with. */
export interface OrdersPage {
  orders: Order[];
  next: string | null;
  etag: string | null;
}

/** A page of orders at `path`; `held`, the copy of it the page shows, is kept when still current. */
export async function getOrdersPage(
  path: string,
  { signal, held }: { signal?: AbortSignal; held?: OrdersPage | undefined } = {},
): Promise<OrdersPage> {
  const answer = await apiGetUnlessMatch(path, held?.etag ?? null, { signal, auth: true });
  if (!answer) {
    // A 304 answers only the ETag of a page held.
    if (!held) throw new Error('The shop said a page not held is unchanged');
    return held;
  }
  const { orders, next } = answer.data as AdminOrdersPage | MyOrdersPage;
  return { orders: orders.map(fromOrderJson), next, etag: answer.etag };
}

/**
 * A list of orders read a page at a time, newest first. Asked for again (every `refetchEvery`
 * ms while it says so), each page shown is asked for from the first, each after the one before,
 * so none skips or repeats an order, with the ETag of the copy shown: a page nobody changed is a
 * 304 and keeps its rows.
 */
export function useOrderPages(
  queryKey: QueryKey,
  pathOf: (cursor: string | null) => string,
  refetchEvery: (pages: OrdersPage[]) => number | false,
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal, client }) => {
      const shown = client.getQueryData<InfiniteData<OrdersPage, string | null>>(queryKey);
      const index = shown?.pageParams.indexOf(pageParam) ?? -1;
      return getOrdersPage(pathOf(pageParam), { signal, held: shown?.pages[index] });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    refetchInterval: (query) => refetchEvery(query.state.data?.pages ?? []),
  });
}
