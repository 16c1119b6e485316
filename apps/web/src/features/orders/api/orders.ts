import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { Order, PlaceOrder } from '@apex/contract';

import { apiGet, apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** An order placed, cancelled or deleted moves stock: the parts and every order list are stale. */
const refreshAfterStockChange = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.parts.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  ]);

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaceOrder) =>
      apiRequest<{ insertedId: string; order: Order }>('POST', '/orders', input, { auth: true }),
    onSuccess: () => refreshAfterStockChange(queryClient),
  });
}

export function useMyOrders(email: string) {
  return useQuery({
    queryKey: queryKeys.orders.mine(email),
    queryFn: ({ signal }) =>
      apiGet<Order[]>(`/orders?userEmail=${encodeURIComponent(email)}`, { signal, auth: true }),
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
      apiRequest<Order>('POST', `/orders/${encodeURIComponent(id)}/cancel`, undefined, {
        auth: true,
      }),
    onSettled: () => refreshAfterStockChange(queryClient),
  });
}

export function useOrder(id: string) {
  return useQuery({
    queryKey: queryKeys.orders.one(id),
    queryFn: ({ signal }) =>
      apiGet<Order>(`/order/${encodeURIComponent(id)}`, { signal, auth: true }),
  });
}

/** Every order, re-read every 4 s; the browser revalidates with the ETag, so idle polls are 304s. */
export function useAllOrders() {
  return useQuery({
    queryKey: queryKeys.orders.everyone,
    queryFn: ({ signal }) => apiGet<Order[]>('/allorders', { signal, auth: true }),
    refetchInterval: 4000,
  });
}

export function useManageOrder() {
  const queryClient = useQueryClient();
  return {
    remove: useMutation({
      mutationFn: (id: string) =>
        apiRequest<{ deletedCount: number }>('DELETE', `/allorders/${id}`, undefined, {
          auth: true,
        }),
      onSettled: () => refreshAfterStockChange(queryClient),
    }),
    ship: useMutation({
      mutationFn: (id: string) =>
        apiRequest<{ modifiedCount: number }>('PUT', `/allorders/${id}`, undefined, {
          auth: true,
        }),
      onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
    }),
  };
}
