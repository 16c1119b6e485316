import type { QueryClient } from '@tanstack/react-query';

import type { Cart as CartJson, CartMerge } from '@apex/contract';

import { apiRequest, errorMessage } from '@/lib/api';
import { notify } from '@/lib/notify';
import { queryKeys } from '@/lib/query-keys';

import { readVisitorCart, saveVisitorCart } from '../visitor-cart';
import { fromCartJson, toCartLineJson } from './cart-json';

/**
 * At sign-in: the visitor's cart joins the account's (`POST /cart/merge`; for a part in both,
 * the larger quantity stays) and leaves the browser, so it follows the customer to any device.
 * A failure keeps it here for the next sign-in, and says so; the sign-in itself goes on.
 */
export async function mergeVisitorCart(queryClient: QueryClient): Promise<void> {
  const lines = readVisitorCart();
  if (lines.length === 0) return;
  const body: CartMerge = {
    lines: lines.map(({ partId, quantity, unitPriceCents }) => ({
      partId,
      ...toCartLineJson(quantity, unitPriceCents),
    })),
  };
  try {
    const merged = await apiRequest<CartJson>('POST', '/cart/merge', body, { auth: true });
    // A read of the cart sent before the merge must not answer after it with the cart before.
    await queryClient.cancelQueries({ queryKey: queryKeys.cart });
    queryClient.setQueryData(queryKeys.cart, fromCartJson(merged));
    saveVisitorCart([]);
  } catch (error) {
    const why = errorMessage(error, 'the shop did not answer');
    void notify(
      'error',
      `Your cart could not join your account (${why}); it stays in this browser for your next sign-in.`,
    );
  }
}
