import { httpErrors } from '@fastify/sensible';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';

import {
  ApiErrorSchema,
  MarkPaidSchema,
  ModifiedCountSchema,
  OrderParamsSchema,
  PaymentIntentRequestSchema,
  PaymentIntentSchema,
} from '@apex/contract';

import { errorResponses } from '../../lib/error-responses';
import type { PaymentProvider } from '../../lib/payment-provider';
import type { Orders } from './service';

const errors = errorResponses(400, 401, 403, 404);

const PaymentConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('builtin') }),
  z.object({ provider: z.literal('stripe'), publishableKey: z.string() }),
]);

/** Paying for an order: whichever processor is configured, the server verifies with it. */
export const orderPaymentRoutes: FastifyPluginAsyncZod<{
  orders: Orders;
  provider: PaymentProvider;
  /** What the payment page needs to know: which processor, and Stripe's publishable key. */
  publicConfig: z.infer<typeof PaymentConfigSchema>;
}> = async (app, { orders, provider, publicConfig }) => {
  app.get(
    '/payment-config',
    {
      schema: {
        tags: ['payments'],
        summary: 'Which card processor the payment page talks to',
        response: { 200: PaymentConfigSchema },
      },
    },
    async () => publicConfig,
  );

  app.post(
    '/create-payment-intent',
    {
      schema: {
        tags: ['payments'],
        summary: "A payment intent for your order's own total (one per order, reused on retry)",
        body: PaymentIntentRequestSchema,
        response: { 200: PaymentIntentSchema, 409: ApiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const order = await orders.getOwnOrder(await request.requireUser(), request.body.orderId);
      if (order.status !== 'unpaid') throw httpErrors.conflict('This order is paid already');
      const intent = await provider.createIntent({
        id: order.id,
        amountCents: order.totalCents,
        existingIntentId: order.paymentIntentId,
      });
      if (!order.paymentIntentId) await orders.attachPaymentIntent(order.id, intent.id);
      return { clientSecret: intent.clientSecret };
    },
  );

  app.patch(
    '/orders/:id',
    {
      schema: {
        tags: ['payments'],
        summary: 'Mark your order paid, once the payment provider confirms the payment',
        params: OrderParamsSchema,
        body: MarkPaidSchema,
        response: { 200: ModifiedCountSchema, ...errors },
      },
    },
    async (request) => {
      const order = await orders.getOwnOrder(await request.requireUser(), request.params.id);
      const { transactionId } = request.body;
      if (order.status !== 'unpaid') {
        // Repeating the call for the payment that paid the order is harmless.
        if (order.transactionId === transactionId) return { modifiedCount: 0 };
        throw httpErrors.badRequest('This order was paid by another payment');
      }
      // The provider, not the browser, says whether the money arrived, for which order and sum.
      const intent = await provider.retrieveIntent(transactionId);
      const confirmed =
        intent?.status === 'succeeded' &&
        intent.orderId === order.id &&
        intent.amountCents === order.totalCents;
      if (!confirmed) {
        throw httpErrors.badRequest('This payment did not succeed for this order');
      }
      return orders.markPaid(order.id, transactionId);
    },
  );
};

/**
 * Stripe tells us about payments itself, so an order is paid even when the customer's browser
 * never comes back. The signature is checked on the raw bytes Stripe sent.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{
  orders: Orders;
  stripe: Stripe;
  webhookSecret: string;
}> = async (app, { orders, stripe, webhookSecret }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });
  app.post(
    '/payments/webhook',
    {
      schema: {
        tags: ['payments'],
        summary: "Stripe's payment notices (signed)",
        response: { 200: z.object({ received: z.boolean() }), 400: ApiErrorSchema },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      if (!(request.body instanceof Buffer) || typeof signature !== 'string') {
        throw httpErrors.badRequest('A signed Stripe event is expected');
      }
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(request.body, signature, webhookSecret);
      } catch {
        throw httpErrors.badRequest('The Stripe signature does not match');
      }
      if (event.type === 'payment_intent.succeeded') {
        const intent = event.data.object;
        const orderId = intent.metadata.orderId;
        if (orderId) {
          await orders.markPaidByProvider({ orderId, id: intent.id, amountCents: intent.amount });
        }
      }
      return { received: true };
    },
  );
};
