import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  ApiErrorSchema,
  CartLineChangeSchema,
  CartLineParamsSchema,
  CartMergeSchema,
  CartSchema,
  CheckoutSchema,
  IdempotencyHeadersSchema,
  type Order,
  PlacedOrderSchema,
} from '@apex/contract';

import type { OrderWithLines } from '../../db/schema';
import { routeDocs } from '../../lib/route-docs';
import type { Cart } from './service';
import { fromCartLineChangeJson, fromCartLineJson, toCartJson } from './wire';

const doc = routeDocs('cart', 400, 401);

/** The signed-in customer's cart; a visitor's stays in the browser until they sign in. */
export const cartRoutes: FastifyPluginAsyncZod<{
  cart: Cart;
  /** The orders module's wire mapper: a checkout answers as `POST /orders` does. */
  toOrderJson: (order: OrderWithLines) => Order;
}> = async (app, { cart, toOrderJson }) => {
  app.get(
    '/cart',
    doc('Your cart, each line with its part as it is now', {
      response: { 200: CartSchema },
    }),
    async (request) => toCartJson(await cart.view(await request.requireUser())),
  );

  app.put(
    '/cart/lines/:partId',
    doc('Put a part in your cart, or change its quantity and the price you were shown', {
      params: CartLineParamsSchema,
      body: CartLineChangeSchema,
      response: { 200: CartSchema, 404: ApiErrorSchema, 409: ApiErrorSchema },
    }),
    async (request) => {
      const change = fromCartLineChangeJson(request.params.partId, request.body);
      return toCartJson(await cart.setLine(await request.requireUser(), change));
    },
  );

  app.delete(
    '/cart/lines/:partId',
    doc('Take a part out of your cart', {
      params: CartLineParamsSchema,
      response: { 200: CartSchema },
    }),
    async (request) =>
      toCartJson(await cart.removeLine(await request.requireUser(), request.params.partId)),
  );

  app.post(
    '/cart/merge',
    doc('Add the cart filled before signing in; a part in both keeps the larger quantity', {
      body: CartMergeSchema,
      response: { 200: CartSchema },
    }),
    async (request) => {
      const lines = request.body.lines.map(fromCartLineJson);
      return toCartJson(await cart.merge(await request.requireUser(), lines));
    },
  );

  app.post(
    '/cart/checkout',
    doc('Order every line of your cart at once: all are reserved, or none', {
      body: CheckoutSchema,
      headers: IdempotencyHeadersSchema,
      response: { 201: PlacedOrderSchema, 409: ApiErrorSchema },
    }),
    async (request, reply) => {
      const order = await cart.checkout(
        await request.requireUser(),
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.code(201).send({ insertedId: order.id, order: toOrderJson(order) });
    },
  );
};
