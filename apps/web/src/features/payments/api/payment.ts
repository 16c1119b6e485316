import { useMutation, useQuery } from '@tanstack/react-query';

import type { PaymentConfig, TestCard } from '@apex/contract';
import type { CardForm } from '@apex/contract/forms';

import { ApiError, apiGet, apiRequest } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** Which processor takes the card: the built-in test mode or Stripe. */
export function usePaymentConfig() {
  return useQuery({
    queryKey: queryKeys.payments.config,
    queryFn: ({ signal }) => apiGet<PaymentConfig>('/payment-config', { signal }),
    staleTime: Infinity,
  });
}

/** The order's one payment intent; the server sets its amount from the order, not from us. */
export function usePaymentIntent(orderId: string) {
  return useQuery({
    queryKey: queryKeys.payments.intent(orderId),
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

/** The card field a refusal is about, from its code (Stripe's codes); none for a decline. */
export type CardField = keyof CardForm;

const FIELD_OF_CODE: Record<string, CardField> = {
  invalid_number: 'number',
  incorrect_number: 'number',
  incomplete_number: 'number',
  invalid_expiry_month: 'expiry',
  invalid_expiry_year: 'expiry',
  incomplete_expiry: 'expiry',
  expired_card: 'expiry',
  invalid_cvc: 'cvc',
  incorrect_cvc: 'cvc',
  incomplete_cvc: 'cvc',
};

/** A card the processor refused, with the field to fix when the refusal names one. */
export class CardRefusedError extends ApiError {
  readonly field: CardField | null;

  constructor(status: number, message: string, code: string | undefined) {
    super(status, message);
    this.name = 'CardRefusedError';
    this.field = (code && FIELD_OF_CODE[code]) || null;
  }
}

/** Charges a test card with the built-in processor; a refusal comes back in Stripe's words. */
export async function confirmBuiltinCard(clientSecret: string, card: TestCard): Promise<string> {
  try {
    const { paymentIntent } = await apiRequest<{ paymentIntent: { id: string } }>(
      'POST',
      '/payments/builtin/confirm',
      { clientSecret, card },
    );
    return paymentIntent.id;
  } catch (error) {
    if (error instanceof ApiError) {
      throw new CardRefusedError(error.status, error.message, error.body?.code);
    }
    throw error;
  }
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
