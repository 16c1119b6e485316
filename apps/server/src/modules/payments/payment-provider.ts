/** What the shop needs of a card payment processor: the built-in test mode or Stripe. */
export interface PaymentProvider {
  readonly name: 'builtin' | 'stripe';
  /**
   * The payment intent for an order's amount: the existing one when the order has one (a retry
   * must never create a second charge), else a new one.
   */
  createIntent(order: {
    id: string;
    amountCents: number;
    existingIntentId: string | null;
  }): Promise<{ id: string; clientSecret: string }>;
  /** The provider's own word on an intent, or null when it does not know the id. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /**
   * Makes sure an intent can never take money from now on. Answers 'succeeded' when it already
   * has (the payment won the race: the order is paid, not cancelled), 'processing' when the
   * provider cannot say yet (a bank still deciding: ask again later), else 'cancelled'.
   */
  cancelIntent(id: string): Promise<'cancelled' | 'succeeded' | 'processing'>;
  /**
   * Gives a succeeded intent's whole amount back to the card. Safe to repeat: a second call for
   * the same intent refunds nothing more.
   */
  refundIntent(id: string): Promise<void>;
}

export interface ProviderIntent {
  id: string;
  status: string;
  amountCents: number;
  /** The order the intent was created for (kept in the intent's metadata). */
  orderId: string | null;
}
