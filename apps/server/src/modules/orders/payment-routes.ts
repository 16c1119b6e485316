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
import type { Orders } from './service';

const errors = errorResponses(400, 401, 403, 404);

const PaymentConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('builtin') }),
  z.object({ provider: z.literal('stripe'), publishableKey: z.string() }),
]);

/** Paying for an order: whichever processor is configured, the server verifies with it. */
export const orderPaymentRoutes: FastifyPluginAsyncZod<{
  orders: Orders;
  /** What the payment page needs to know: which processor, and Stripe's publishable key. */
  publicConfig: z.infer<typeof PaymentConfigSchema>;
}> = async (app, { orders, publicConfig }) => {
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
    async (request) => orders.openPayment(await request.requireUser(), request.body.orderId),
  );

  app.patch(
    '/orders/:id',
    {
      schema: {
        tags: ['payments'],
        summary: 'Mark your order paid, once the payment provider confirms the payment',
        params: OrderParamsSchema,
        body: MarkPaidSchema,
        response: { 200: ModifiedCountSchema, 409: ApiErrorSchema, ...errors },
      },
    },
    async (request) =>
      orders.confirmPayment(
        await request.requireUser(),
        request.params.id,
        request.body.transactionId,
      ),
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
