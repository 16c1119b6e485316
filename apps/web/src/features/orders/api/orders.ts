import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { Order, PlaceOrder } from '@apex/contract';

import { apiGet, apiRequest } from '@/lib/api';

export const ordersKey = ['orders'] as const;

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaceOrder) =>
      apiRequest<{ insertedId: string; order: Order }>('POST', '/orders', input, { auth: true }),
    // Stock changed: the catalogue and the order lists are out of date.
    onSuccess: () => queryClient.invalidateQueries({ predicate: () => true }),
  });
}

export function useMyOrders(email: string) {
  return useQuery({
    queryKey: [...ordersKey, 'mine', email],
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
    // Stock changed: the catalogue and the order lists are out of date.
    onSettled: () => queryClient.invalidateQueries({ predicate: () => true }),
  });
}

export function useOrder(id: string) {
  return useQuery({
    queryKey: [...ordersKey, 'one', id],
    queryFn: ({ signal }) =>
      apiGet<Order>(`/order/${encodeURIComponent(id)}`, { signal, auth: true }),
  });
}

/** Every order, re-read every 4 s; the browser revalidates with the ETag, so idle polls are 304s. */
export function useAllOrders() {
  return useQuery({
    queryKey: [...ordersKey, 'all'],
    queryFn: ({ signal }) => apiGet<Order[]>('/allorders', { signal, auth: true }),
    refetchInterval: 4000,
  });
}

export function useManageOrder() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ordersKey });
  return {
    remove: useMutation({
      mutationFn: (id: string) =>
        apiRequest<{ deletedCount: number }>('DELETE', `/allorders/${id}`, undefined, {
          auth: true,
        }),
      onSettled: refresh,
    }),
    ship: useMutation({
      mutationFn: (id: string) =>
        apiRequest<{ modifiedCount: number }>('PUT', `/allorders/${id}`, undefined, {
          auth: true,
        }),
      onSettled: refresh,
    }),
  };
}
