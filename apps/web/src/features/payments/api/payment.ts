import { useMutation, useQuery } from '@tanstack/react-query';

import { ApiError, apiGet, apiRequest } from '@/lib/api';

export interface TestCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type PaymentConfig =
  { provider: 'builtin' } | { provider: 'stripe'; publishableKey: string };

/** Which processor takes the card: the built-in test mode or Stripe. */
export function usePaymentConfig() {
  return useQuery({
    queryKey: ['payment-config'],
    queryFn: ({ signal }) => apiGet<PaymentConfig>('/payment-config', { signal }),
    staleTime: Infinity,
  });
}

/** The order's one payment intent; the server sets its amount from the order, not from us. */
export function usePaymentIntent(orderId: string) {
  return useQuery({
    queryKey: ['payment-intent', orderId],
    queryFn: () =>
      apiRequest<{ clientSecret: string }>(
        'POST',
        '/create-payment-intent',
        { orderId },
        { auth: true },
      ),
    staleTime: Infinity,
    retry: false,
  });
}

/** Charges a test card with the built-in processor; a refusal comes back in Stripe's words. */
export async function confirmBuiltinCard(clientSecret: string, card: TestCard): Promise<string> {
  const response = await fetch('/api/payments/builtin/confirm', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientSecret, card }),
  });
  const answer = (await response.json()) as {
    paymentIntent?: { id: string; status: string };
    error?: { message: string };
    message?: string;
  };
  if (!response.ok || !answer.paymentIntent) {
    throw new ApiError(
      response.status,
      answer.error?.message ?? answer.message ?? 'Payment failed',
    );
  }
  return answer.paymentIntent.id;
}

/**
 * Pays an order: `charge` gets the card accepted by the processor and yields the intent id; the
 * server then checks that payment with the processor before it marks the order paid.
 */
export function usePayOrder(orderId: string) {
  return useMutation({
    mutationFn: async (charge: () => Promise<string>) => {
      const transactionId = await charge();
      await apiRequest('PATCH', `/orders/${orderId}`, { transactionId }, { auth: true });
      return transactionId;
    },
  });
}
