import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { CheckoutForm } from '@apex/contract/forms';

import { apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/**
 * Checkout (`POST /cart/checkout`): one order of every line of the cart, priced by the server,
 * whose stock is reserved for all lines or none; answers the order's id, for its payment. A
 * refusal names the line that cannot be had and why.
 */
export function useCheckout() {
  const queryClient = useQueryClient();
  // Placed or refused, the cart is stale: its lines left for the order, or one of them has a
  // problem the cart should now show; the parts' stock may have moved either way.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.cart }),
      queryClient.invalidateQueries({ queryKey: queryKeys.parts.all }),
    ]);
  return useMutation({
    mutationFn: async ({ values, key }: { values: CheckoutForm; key: string }) => {
      // The answer is PlacedOrderSchema's; the payment page reads the order itself.
      const placed = await apiRequest<{ insertedId: string }>('POST', '/cart/checkout', values, {
        auth: true,
        idempotencyKey: key,
      });
      return placed.insertedId;
    },
    onSuccess: () =>
      Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: queryKeys.orders.all })]),
    onError: refresh,
  });
}
