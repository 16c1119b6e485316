import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { Order as OrderJson } from '@apex/contract';
import { type OrderForm, toPlaceOrderJson } from '@apex/contract/forms';

import { apiGet, apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

import { fromOrderJson } from './order-json';
import { useOrderPages } from './order-pages';

const auth = { auth: true } as const;

/** An order placed, cancelled or deleted moves stock: the parts and every order list are stale. */
const refreshAfterStockChange = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.parts.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  ]);

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: OrderForm) => {
      const placed = await apiRequest<{ order: OrderJson }>(
        'POST',
        '/orders',
        toPlaceOrderJson(values),
        auth,
      );
      return fromOrderJson(placed.order);
    },
    onSuccess: () => refreshAfterStockChange(queryClient),
  });
}

/**
 * My Orders, 20 at a time, newest first. While an order waits for payment it may expire: the
 * pages shown are asked for again every half minute (a 304 each when nothing changed).
 */
export function useMyOrders(email: string) {
  return useOrderPages(
    queryKeys.orders.mine(email),
    (cursor) => (cursor ? `/my-orders?cursor=${encodeURIComponent(cursor)}` : '/my-orders'),
    (pages) =>
      pages.some((page) => page.orders.some((order) => order.status === 'unpaid')) ? 30_000 : false,
  );
}

/** The customer cancels their own unpaid order; its stock goes back on sale. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest('POST', `/orders/${encodeURIComponent(id)}/cancel`, undefined, auth),
    onSettled: () => refreshAfterStockChange(queryClient),
  });
}

export function useOrder(id: string) {
  return useQuery({
    queryKey: queryKeys.orders.one(id),
    queryFn: async ({ signal }) =>
      fromOrderJson(
        await apiGet<OrderJson>(`/order/${encodeURIComponent(id)}`, { signal, ...auth }),
      ),
  });
}

export function useManageOrder() {
  const queryClient = useQueryClient();
  return {
    remove: useMutation({
      mutationFn: (id: string) => apiRequest('DELETE', `/allorders/${id}`, undefined, auth),
      onSettled: () => refreshAfterStockChange(queryClient),
    }),
    ship: useMutation({
      mutationFn: (id: string) => apiRequest('PUT', `/allorders/${id}`, undefined, auth),
      onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
    }),
  };
}
