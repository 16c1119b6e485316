import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { Order as OrderJson } from '@apex/contract';
import { type OrderForm, toPlaceOrderJson } from '@apex/contract/forms';

import { apiGet, apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

import { fromOrderJson } from './order-json';

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

export function useMyOrders(email: string) {
  return useQuery({
    queryKey: queryKeys.orders.mine(email),
    queryFn: async ({ signal }) => {
      const path = `/orders?userEmail=${encodeURIComponent(email)}`;
      return (await apiGet<OrderJson[]>(path, { signal, ...auth })).map(fromOrderJson);
    },
    // While an order waits for payment it may expire: the list catches up within half a minute.
    refetchInterval: (query) =>
      query.state.data?.some((order) => order.status === 'unpaid') ? 30_000 : false,
  });
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

/** Every order, re-read every 4 s; the browser revalidates with the ETag, so idle polls are 304s. */
export function useAllOrders() {
  return useQuery({
    queryKey: queryKeys.orders.everyone,
    queryFn: async ({ signal }) =>
      (await apiGet<OrderJson[]>('/allorders', { signal, ...auth })).map(fromOrderJson),
    refetchInterval: 4000,
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
