import { z } from 'zod';

/** Which card processor the payment page talks to, and what it needs to know of it. */
export const PaymentConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('builtin') }),
  z.object({ provider: z.literal('stripe'), publishableKey: z.string() }),
]);
export type PaymentConfig = z.infer<typeof PaymentConfigSchema>;

export const PaymentIntentRequestSchema = z.object({
  orderId: z.string().max(64),
  /** The spec's client sent the price; the server takes the order's own total instead. */
  price: z.number().optional(),
});
export const PaymentIntentSchema = z.object({ clientSecret: z.string() });

export const MarkPaidSchema = z.object({
  transactionId: z.string().trim().min(1).max(255),
});

/**
 * The card form's messages for a card that cannot be right, in the words Stripe uses for the same
 * mistakes, so they read as the processor's own refusals do.
 */
export const cardMessages = {
  number: 'Your card number is invalid.',
  expiry: "Your card's expiration date is incomplete.",
  cvc: "Your card's security code is incomplete.",
} as const;

/** A card as the built-in test-mode processor takes it (Stripe's own form takes Stripe's). */
export const TestCardSchema = z.object({
  number: z.string().max(30, cardMessages.number),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  cvc: z.string().max(4, cardMessages.cvc),
});
export type TestCard = z.infer<typeof TestCardSchema>;

export const ConfirmTestCardSchema = z.object({
  clientSecret: z.string().min(1).max(200),
  card: TestCardSchema,
});

/** A charged card's intent, as Stripe's `confirmCardPayment` resolves it. */
export const ConfirmedPaymentSchema = z.object({
  paymentIntent: z.object({ id: z.string(), status: z.string() }),
});
