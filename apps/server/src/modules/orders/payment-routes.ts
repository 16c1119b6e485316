import { httpErrors } from '@fastify/sensible';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  ApiErrorSchema,
  MarkPaidSchema,
  ModifiedCountSchema,
  OrderParamsSchema,
  PaymentIntentRequestSchema,
  PaymentIntentSchema,
} from '@apex/contract';

import type { PaymentProvider } from '../../lib/payment-provider';
import type { Orders } from './service';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};

/** Paying for an order: whichever processor is configured, the server verifies with it. */
export const orderPaymentRoutes: FastifyPluginAsyncZod<{
  orders: Orders;
  provider: PaymentProvider;
}> = async (app, { orders, provider }) => {
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
