import { httpErrors } from '@fastify/sensible';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';

import {
  ApiErrorSchema,
  ConfirmedPaymentSchema,
  ConfirmTestCardSchema,
  MarkPaidSchema,
  ModifiedCountSchema,
  OrderParamsSchema,
  PaymentConfigSchema,
  PaymentIntentRequestSchema,
  PaymentIntentSchema,
} from '@apex/contract';

import { errorResponses } from '../../lib/error-responses';
import { routeDocs } from '../../lib/route-docs';
import { errorBody } from '../../plugins/errors';
import { CardError } from './builtin-provider';
import type { PaymentProcessor } from './provider';
import type { Payments } from './service';

const doc = routeDocs('payments', 400, 401, 403, 404);

/** Paying for an order: whichever processor is configured, the server verifies with it. */
export const paymentRoutes: FastifyPluginAsyncZod<{
  processor: PaymentProcessor;
  payments: Payments;
}> = async (app, { processor, payments }) => {
  app.get(
    '/payment-config',
    {
      schema: {
        tags: ['payments'],
        summary: 'Which card processor the payment page talks to',
        response: { 200: PaymentConfigSchema },
      },
    },
    async () => processor.publicConfig,
  );

  app.post(
    '/create-payment-intent',
    doc("A payment intent for your order's own total (one per order, reused on retry)", {
      body: PaymentIntentRequestSchema,
      response: { 200: PaymentIntentSchema, 409: ApiErrorSchema },
    }),
    async (request) => payments.openPayment(await request.requireUser(), request.body.orderId),
  );

  app.patch(
    '/orders/:id',
    doc('Mark your order paid, once the payment provider confirms the payment', {
      params: OrderParamsSchema,
      body: MarkPaidSchema,
      response: { 200: ModifiedCountSchema, 409: ApiErrorSchema },
    }),
    async (request) =>
      payments.confirmPayment(
        await request.requireUser(),
        request.params.id,
        request.body.transactionId,
      ),
  );

  if (processor.kind === 'builtin') {
    await app.register(testCardRoutes, { confirmTestCard: processor.confirmTestCard });
  } else if (processor.webhookSecret) {
    await app.register(stripeWebhookRoutes, {
      payments,
      stripe: processor.stripe,
      webhookSecret: processor.webhookSecret,
    });
  }
};

/** The built-in processor's stand-in for Stripe's card confirmation (registered only for it). */
const testCardRoutes: FastifyPluginAsyncZod<{
  confirmTestCard: Extract<PaymentProcessor, { kind: 'builtin' }>['confirmTestCard'];
}> = async (app, { confirmTestCard }) => {
  app.post(
    '/payments/builtin/confirm',
    {
      schema: {
        tags: ['payments'],
        summary: 'Charge a test card (the built-in test-mode processor; no money moves)',
        body: ConfirmTestCardSchema,
        response: {
          200: ConfirmedPaymentSchema,
          // A refused card, with Stripe's code for the refusal.
          402: ApiErrorSchema,
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      try {
        const paymentIntent = await confirmTestCard(request.body.clientSecret, request.body.card);
        return { paymentIntent };
      } catch (error) {
        if (!(error instanceof CardError)) throw error;
        return reply.code(402).send(errorBody(402, error.message, { code: error.code }));
      }
    },
  );
};

/**
 * Stripe tells us about payments itself, so an order is paid even when the customer's browser
 * never comes back. The signature is checked on the raw bytes Stripe sent.
 */
const stripeWebhookRoutes: FastifyPluginAsyncZod<{
  payments: Pick<Payments, 'markPaidByProvider'>;
  stripe: Stripe;
  webhookSecret: string;
}> = async (app, { payments, stripe, webhookSecret }) => {
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
          await payments.markPaidByProvider({ orderId, id: intent.id, amountCents: intent.amount });
        }
      }
      return { received: true };
    },
  );
};
