import Stripe from 'stripe';

import type { PaymentsConfig } from '../../config';
import type { PaymentProvider } from './payment-provider';

type StripeConfig = Extract<PaymentsConfig, { provider: 'stripe' }>;

export function createStripeClient(config: StripeConfig): Stripe {
  const api = config.apiUrl;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** Real card payments through Stripe's API: intents live at Stripe, tagged with our order id. */
export function createStripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
    async createIntent({ id: orderId, amountCents, existingIntentId }) {
      if (existingIntentId) {
        const existing = await stripe.paymentIntents.retrieve(existingIntentId);
        if (existing.client_secret)
          return { id: existing.id, clientSecret: existing.client_secret };
      }
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: 'usd',
          allowed_payment_method_types: ['card'],
          metadata: { orderId },
        },
        // Two clicks, two tabs or a retried request still make one intent for the order.
        { idempotencyKey: `order-${orderId}-${amountCents}` },
      );
      if (!intent.client_secret) throw new Error('Stripe returned an intent without a secret');
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async retrieveIntent(id) {
      try {
        const intent = await stripe.paymentIntents.retrieve(id);
        return {
          id: intent.id,
          status: intent.status,
          amountCents: intent.amount,
          orderId: intent.metadata.orderId ?? null,
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
        throw error;
      }
    },
    async cancelIntent(id) {
      try {
        await stripe.paymentIntents.cancel(id);
        return 'cancelled';
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        // No such intent: nothing can ever be paid through it.
        if (error.code === 'resource_missing') return 'cancelled';
        if (error.code !== 'payment_intent_unexpected_state') throw error;
        // Stripe refuses to cancel an intent past the point of no return; its state says which.
        const intent = error.payment_intent ?? (await stripe.paymentIntents.retrieve(id));
        if (intent.status === 'succeeded') return 'succeeded';
        if (intent.status === 'canceled') return 'cancelled';
        // `processing`: the bank has not decided; until it does, the order must stay as it is.
        return 'processing';
      }
    },
    async refundIntent(id) {
      // One refund an intent, however often asked (every instance's sweep may ask).
      await stripe.refunds.create({ payment_intent: id }, { idempotencyKey: `refund-${id}` });
    },
  };
}
