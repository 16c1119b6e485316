import { useMutation } from '@tanstack/react-query';

import { ApiError, apiRequest } from '@/lib/api';

export interface TestCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** The order's payment intent (the server sets the amount from the order). */
export function createPaymentIntent(orderId: string): Promise<{ clientSecret: string }> {
  return apiRequest('POST', '/create-payment-intent', { orderId }, { auth: true });
}

/** Charges a test card with the built-in processor; a refusal comes back with Stripe's words. */
async function confirmCard(clientSecret: string, card: TestCard): Promise<string> {
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

/** Pays an order: confirm the card, then ask the server to check the payment and mark it paid. */
export function usePayOrder(orderId: string) {
  return useMutation({
    mutationFn: async ({ clientSecret, card }: { clientSecret: string; card: TestCard }) => {
      const transactionId = await confirmCard(clientSecret, card);
      await apiRequest('PATCH', `/orders/${orderId}`, { transactionId }, { auth: true });
      return transactionId;
    },
  });
}
