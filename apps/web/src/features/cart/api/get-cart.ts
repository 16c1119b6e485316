import { queryOptions } from '@tanstack/react-query';

import type { Cart as CartJson } from '@apex/contract';

import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

import { fromCartJson } from './cart-json';

/** The signed-in customer's cart, as the server keeps it (`GET /cart`). */
export const cartQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.cart,
    queryFn: async ({ signal }) =>
      fromCartJson(await apiGet<CartJson>('/cart', { signal, auth: true })),
  });
