import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fresh from 'fresh';
import { z } from 'zod';

import {
  AdminOrdersPageSchema,
  AdminOrdersQuerySchema,
  ApiErrorSchema,
  DeletedCountSchema,
  EmailQuerySchema,
  IdempotencyHeadersSchema,
  ModifiedCountSchema,
  MyOrdersPageSchema,
  MyOrdersQuerySchema,
  OrderListSchema,
  OrderParamsSchema,
  OrderSchema,
  PlacedOrderSchema,
  PlaceOrderSchema,
} from '@apex/contract';

import { routeDocs } from '../../lib/route-docs';
import type { OrdersPage } from './order-pages';
import type { Orders } from './service';
import { fromPlaceOrderJson, toOrderJson } from './wire';

const doc = routeDocs('orders', 400, 401, 403, 404);

/** Whether the client holds a copy of the page it asks for: it sends the copy's ETag. */
const heldCopy = (request: FastifyRequest) => ({ held: !!request.headers['if-none-match'] });

/**
 * A page of orders, or 304 when the client holds it. The answer stays no-store (it is about the
 * caller), so the web page keeps its own copy and ETag.
 */
async function sendOrdersPage(request: FastifyRequest, reply: FastifyReply, page: OrdersPage) {
  reply.header('etag', page.etag);
  if (fresh(request.headers, { etag: page.etag })) return reply.code(304).send(null);
  return { orders: (await page.read()).map(toOrderJson), next: page.next };
}

export const orderRoutes: FastifyPluginAsyncZod<{ orders: Orders }> = async (app, { orders }) => {
  app.post(
    '/orders',
    doc('Order a part; the server prices it and reserves the stock', {
      body: PlaceOrderSchema,
      headers: IdempotencyHeadersSchema,
      response: { 201: PlacedOrderSchema, 409: ApiErrorSchema },
    }),
    async (request, reply) => {
      const viewer = await request.requireUser();
      const order = await orders.placeOrder(viewer, {
        ...fromPlaceOrderJson(request.body),
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.code(201).send({ insertedId: order.id, order: toOrderJson(order) });
    },
  );

  app.get(
    '/orders',
    doc('Your orders, newest first', {
      querystring: EmailQuerySchema,
      response: { 200: OrderListSchema },
    }),
    async (request) => {
      const own = await orders.listOwnOrders(await request.requireUser(), request.query.userEmail);
      return own.map(toOrderJson);
    },
  );

  app.get(
    '/my-orders',
    doc('Your orders a page at a time, newest first; poll with If-None-Match', {
      querystring: MyOrdersQuerySchema,
      response: { 200: MyOrdersPageSchema, 304: z.null().describe('Not modified') },
    }),
    async (request, reply) => {
      const viewer = await request.requireUser();
      const page = await orders.pageOfOwnOrders(viewer, request.query, heldCopy(request));
      return sendOrdersPage(request, reply, page);
    },
  );

  app.get(
    '/order/:id',
    doc('One order (its owner, or an admin)', {
      params: OrderParamsSchema,
      response: { 200: OrderSchema },
    }),
    async (request) =>
      toOrderJson(await orders.getOrder(await request.requireUser(), request.params.id)),
  );

  app.post(
    '/orders/:id/cancel',
    doc('Cancel your own unpaid order; its stock goes back on the shelf', {
      params: OrderParamsSchema,
      response: { 200: OrderSchema, 409: ApiErrorSchema },
    }),
    async (request) =>
      toOrderJson(await orders.cancelOwnOrder(await request.requireUser(), request.params.id)),
  );

  app.get(
    '/allorders',
    doc('Every order (admins); cheap to poll with If-None-Match', {
      response: { 200: OrderListSchema, 304: z.null().describe('Not modified') },
    }),
    async (request, reply) => {
      await request.requireAdmin();
      // The version is one aggregate query; the list is read only when it changed.
      const etag = await orders.allOrdersVersion();
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (fresh(request.headers, { etag })) return reply.code(304).send(null);
      return (await orders.listAllOrders()).map(toOrderJson);
    },
  );

  app.get(
    '/manage/orders',
    doc(
      'Orders a page at a time, newest first, by state or customer (admins); poll with If-None-Match',
      {
        querystring: AdminOrdersQuerySchema,
        response: { 200: AdminOrdersPageSchema, 304: z.null().describe('Not modified') },
      },
    ),
    async (request, reply) => {
      await request.requireAdmin();
      const page = await orders.pageOfOrders(request.query, heldCopy(request));
      return sendOrdersPage(request, reply, page);
    },
  );

  app.delete(
    '/allorders/:id',
    doc('Delete an unpaid order and return its stock (admins)', {
      params: OrderParamsSchema,
      response: { 200: DeletedCountSchema, 409: ApiErrorSchema },
    }),
    async (request) => orders.deleteUnpaidOrder(await request.requireAdmin(), request.params.id),
  );

  app.put(
    '/allorders/:id',
    doc('Mark a paid order shipped (admins)', {
      params: OrderParamsSchema,
      response: { 200: ModifiedCountSchema, 409: ApiErrorSchema },
    }),
    async (request) => orders.shipOrder(await request.requireAdmin(), request.params.id),
  );
};
