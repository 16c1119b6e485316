import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Order } from '@apex/contract';

import { type Caller, signUp, signUpAdmin } from '../../../test/accounts-helpers';
import { makePart } from '../../../test/factories';
import {
  placeOrder as placeOrderIn,
  recordPayment as recordPaymentIn,
} from '../../../test/orders-helpers';
import { shownStockOf } from '../../../test/parts-helpers';
import {
  createTestApp,
  createTestDatabase,
  type TestApp,
  testConfig,
} from '../../../test/test-app';
import { buildApp } from '../../app';
import type { Config } from '../../config';
import { builtinPaymentIntents, orders, parts } from '../../db/schema';

// Unpaid orders hold stock only for a while, a customer holds only a few, and a test payment is
// never taken for money.

const METRICS_TOKEN = 'metrics-token-for-unpaid-orders';
const shopRules: Config['orders'] = {
  unpaidTtlMinutes: 45,
  maxUnpaidPerCustomer: 3,
  expirySweepMs: null,
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ orders: shopRules, metricsToken: METRICS_TOKEN });
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const testCard = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };

const placeOrder = (customer: Caller, partId: string, quantity = 2, app = t.app) =>
  placeOrderIn(app, customer.bearer, { orderId: partId, orderQuantity: quantity });

async function placedOrder(customer: Caller, partId: string, quantity = 2, app = t.app) {
  const res = await placeOrder(customer, partId, quantity, app);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ insertedId: string; order: Order }>();
}

/** A part with a stock of 10 and a customer's order for `quantity` of it. */
async function anOrderOutOfTen(quantity = 2) {
  const part = await makePart(t.app.database.db, { stock: 10, minOrder: 1 });
  const customer = await signUp(t.app);
  return { part, customer, ...(await placedOrder(customer, part.id, quantity)) };
}

const orderOf = async (customer: Caller, id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/order/${id}`, headers: customer.bearer })).json<
    Order & { statusCode?: number }
  >();

/** Stock as the catalog shows it (answered from the in-process cache). */
const versionOf = async (id: string) =>
  (await t.app.database.db.select().from(parts).where(eq(parts.id, id)))[0]?.version;

const openPayment = (customer: Caller, orderId: string, app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: customer.bearer,
    payload: { orderId },
  });

async function clientSecretFor(customer: Caller, orderId: string, app = t.app) {
  const res = await openPayment(customer, orderId, app);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ clientSecret: string }>().clientSecret;
}

const confirmCard = (clientSecret: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/builtin/confirm',
    payload: { clientSecret, card: testCard },
  });

const recordPayment = (customer: Caller, orderId: string, transactionId: string) =>
  recordPaymentIn(t.app, customer, orderId, transactionId);

/** Pays an order as the payment page does: the card first, then the order marked paid. */
async function pay(customer: Caller, orderId: string) {
  const confirmed = await confirmCard(await clientSecretFor(customer, orderId));
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const intentId = confirmed.json<{ paymentIntent: { id: string } }>().paymentIntent.id;
  expect((await recordPayment(customer, orderId, intentId)).statusCode).toBe(200);
  return intentId;
}

const cancel = (headers: Record<string, string>, orderId: string) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/cancel`, headers });

/** Time passes: the orders' time to pay is up (a second ago). */
async function letExpire(app: FastifyInstance, ...ids: string[]) {
  for (const id of ids) {
    await app.database.db
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(orders.id, id));
  }
}

const intentStatusOf = async (orderId: string) => {
  const [intent] = await t.app.database.db
    .select({ status: builtinPaymentIntents.status })
    .from(builtinPaymentIntents)
    .where(eq(builtinPaymentIntents.orderId, orderId));
  return intent?.status;
};

describe('unpaid orders expire', () => {
  it('gives a placed order the configured time to be paid', async () => {
    const { order } = await anOrderOutOfTen();
    expect(order.expiresAt).not.toBeNull();
    const minutes = (Date.parse(order.expiresAt ?? '') - Date.parse(order.createdAt)) / 60_000;
    expect(minutes).toBeCloseTo(45, 1);
  });

  it('cancels an unpaid order past its time and returns its stock to the catalog', async () => {
    const { part, customer, insertedId } = await anOrderOutOfTen(3);
    const stillDue = (await placedOrder(customer, part.id, 1)).insertedId;
    expect(await shownStockOf(t.app, part.id)).toBe(6);
    // Every change to a part's row moves its version on: each reservation is one.
    expect(await versionOf(part.id)).toBe(part.version + 2);

    await letExpire(t.app, insertedId);
    expect(await t.app.orders.expireUnpaidOrders()).toEqual({ expired: 1, paid: 0 });

    expect(await orderOf(customer, insertedId)).toMatchObject({
      status: 'cancelled',
      payment: 'false',
      cancelReason: 'expired',
      expiresAt: null,
      testPayment: false,
    });
    // The catalog shows the stock back at once, and the part's version says it changed.
    expect(await shownStockOf(t.app, part.id)).toBe(9);
    expect(await versionOf(part.id)).toBe(part.version + 3);
    // An order still within its time keeps its stock.
    expect(await orderOf(customer, stillDue)).toMatchObject({ status: 'unpaid' });
    // A second pass finds nothing more to do.
    expect(await t.app.orders.expireUnpaidOrders()).toEqual({ expired: 0, paid: 0 });
    expect(await shownStockOf(t.app, part.id)).toBe(9);
  });

  it('cannot be paid once expired, even before the sweep has cancelled it', async () => {
    const { customer, insertedId } = await anOrderOutOfTen();
    await letExpire(t.app, insertedId);
    const refused = await openPayment(customer, insertedId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      'This order expired before it was paid',
    );
  });

  it('runs by itself in every server, on a timer', async () => {
    const own = await createTestApp({ orders: { ...shopRules, expirySweepMs: 50 } });
    try {
      const part = await makePart(own.app.database.db, { stock: 10, minOrder: 1 });
      const customer = await signUp(own.app);
      const { insertedId } = await placedOrder(customer, part.id, 4, own.app);
      expect(await shownStockOf(own.app, part.id)).toBe(6);
      await letExpire(own.app, insertedId);
      await vi.waitFor(async () => expect(await shownStockOf(own.app, part.id)).toBe(10), {
        timeout: 5_000,
        interval: 50,
      });
    } finally {
      await own.close();
    }
  });
});

describe('the sweep on its timer', () => {
  /** A log that keeps what the sweep tells it. */
  const aLog = () => {
    const info = vi.fn<(context: object, message: string) => void>();
    const warn = vi.fn<(context: { err?: unknown }, message: string) => void>();
    return { log: { info, warn } as unknown as FastifyInstance['log'], info, warn };
  };
  const quietFor = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('logs each pass that expired or found paid orders, stays quiet otherwise, and stops when told', async () => {
    const { log, info } = aLog();
    const { part, customer, insertedId } = await anOrderOutOfTen();
    await letExpire(t.app, insertedId);
    const stop = t.app.orders.expireRegularly(log, 20);
    try {
      await vi.waitFor(() => expect(info).toHaveBeenCalled(), { timeout: 5_000, interval: 20 });
      expect(info.mock.calls).toEqual([[{ expired: 1, paid: 0 }, 'Unpaid orders expired']]);
      // Passes with nothing to do say nothing.
      await quietFor(150);
      expect(info).toHaveBeenCalledTimes(1);

      // A card that went through before the time ran out: the order is found paid.
      const { insertedId: paidId } = await placedOrder(customer, part.id);
      expect((await confirmCard(await clientSecretFor(customer, paidId))).statusCode).toBe(200);
      await letExpire(t.app, paidId);
      await vi.waitFor(() => expect(info).toHaveBeenCalledTimes(2), {
        timeout: 5_000,
        interval: 20,
      });
      expect(info).toHaveBeenLastCalledWith({ expired: 0, paid: 1 }, 'Unpaid orders expired');
    } finally {
      stop();
    }
    // Stopped: an order past its time now waits for a sweep.
    const { insertedId: waiting } = await anOrderOutOfTen();
    await letExpire(t.app, waiting);
    await quietFor(150);
    expect(await orderOf(customer, insertedId)).toMatchObject({ status: 'cancelled' });
    expect(info).toHaveBeenCalledTimes(2);
    expect(
      (await t.app.database.db.select().from(orders).where(eq(orders.id, waiting)))[0],
    ).toMatchObject({
      status: 'unpaid',
    });
  });

  it('warns when a pass fails, and goes on', async () => {
    const { log, warn } = aLog();
    const own = await createTestApp({ orders: shopRules });
    const stop = own.app.orders.expireRegularly(log, 20);
    try {
      // The database goes away under the sweep.
      await own.close();
      // A second warning is a pass after the failed one: the timer went on. Passes 20 ms apart
      // may warn again before this looks.
      await vi.waitFor(() => expect(warn.mock.calls.length).toBeGreaterThanOrEqual(2), {
        timeout: 5_000,
        interval: 20,
      });
      expect(warn.mock.lastCall?.[1]).toBe('Could not expire unpaid orders');
      expect(warn.mock.lastCall?.[0].err).toBeInstanceOf(Error);
    } finally {
      stop();
    }
  });
});

describe('expiring many orders', () => {
  it('expires every order past its time in one pass, more than one batch of them', async () => {
    const own = await createTestApp({ orders: { ...shopRules, maxUnpaidPerCustomer: 1_000 } });
    try {
      const part = await makePart(own.app.database.db, { stock: 500, minOrder: 1 });
      const customer = await signUp(own.app);
      const placed: string[] = [];
      // One batch of the sweep is 100 orders.
      for (let i = 0; i < 101; i++) {
        placed.push((await placedOrder(customer, part.id, 1, own.app)).insertedId);
      }
      await letExpire(own.app, ...placed);
      expect(await own.app.orders.expireUnpaidOrders()).toEqual({ expired: 101, paid: 0 });
      expect(await shownStockOf(own.app, part.id)).toBe(500);
    } finally {
      await own.close();
    }
  });
});

describe('expiring on several servers at once', () => {
  it('releases every expired order once, however many sweeps run together', async () => {
    // Two servers on one PostgreSQL database; the embedded database serves one process, so
    // there the sweeps run side by side in one.
    const shared = process.env.TEST_DB === 'postgres' ? await createTestDatabase() : null;
    const config = shared ? testConfig(shared.config, { orders: shopRules }) : null;
    const first = config ? await buildApp(config) : t.app;
    const second = config ? await buildApp(config) : t.app;
    try {
      const db = first.database.db;
      const wing = await makePart(db, { stock: 40, minOrder: 1 });
      const spoiler = await makePart(db, { stock: 40, minOrder: 1 });
      const placed: string[] = [];
      for (let i = 0; i < 4; i++) {
        const customer = await signUp(first);
        for (const part of [wing, spoiler, wing]) {
          const { insertedId } = await placedOrder(customer, part.id, 1 + i, first);
          placed.push(insertedId);
          // Some orders got as far as the payment page: their intents are cancelled first.
          if (part === spoiler) await clientSecretFor(customer, insertedId, first);
        }
      }
      expect(await shownStockOf(first, wing.id)).toBe(40 - 2 * (1 + 2 + 3 + 4));
      await letExpire(first, ...placed);

      const sweeps = await Promise.all([
        first.orders.expireUnpaidOrders(),
        second.orders.expireUnpaidOrders(),
        first.orders.expireUnpaidOrders(),
        second.orders.expireUnpaidOrders(),
      ]);

      expect(sweeps.reduce((sum, sweep) => sum + sweep.expired, 0)).toBe(placed.length);
      // Each order's stock came back exactly once.
      const stock = await db.select({ stock: parts.stock }).from(parts);
      expect(stock).toEqual([{ stock: 40 }, { stock: 40 }]);
      const states = await db.select({ status: orders.status }).from(orders);
      expect(states.every((order) => order.status === 'cancelled')).toBe(true);
      const intents = await db
        .select({ status: builtinPaymentIntents.status })
        .from(builtinPaymentIntents);
      expect(intents).toHaveLength(4);
      expect(intents.every((intent) => intent.status === 'canceled')).toBe(true);
    } finally {
      if (shared) {
        await first.close();
        await second.close();
        await shared.drop();
      }
    }
  });
});

describe('a paid order never expires', () => {
  it('keeps a paid order and its stock when its time is up', async () => {
    const { part, customer, insertedId } = await anOrderOutOfTen(3);
    await pay(customer, insertedId);
    await letExpire(t.app, insertedId);
    expect(await t.app.orders.expireUnpaidOrders()).toEqual({ expired: 0, paid: 0 });
    expect(await orderOf(customer, insertedId)).toMatchObject({
      status: 'pending',
      payment: 'paid',
    });
    expect(await shownStockOf(t.app, part.id)).toBe(7);
  });

  it('marks the order paid when the card went through just before the sweep', async () => {
    const { part, customer, insertedId } = await anOrderOutOfTen(3);
    const confirmed = await confirmCard(await clientSecretFor(customer, insertedId));
    expect(confirmed.statusCode).toBe(200);
    const intentId = confirmed.json<{ paymentIntent: { id: string } }>().paymentIntent.id;
    // The customer's browser has not told the shop yet when the time runs out.
    await letExpire(t.app, insertedId);

    expect(await t.app.orders.expireUnpaidOrders()).toEqual({ expired: 0, paid: 1 });
    expect(await orderOf(customer, insertedId)).toMatchObject({
      status: 'pending',
      payment: 'paid',
      transactionId: intentId,
      testPayment: true,
    });
    expect(await shownStockOf(t.app, part.id)).toBe(7);
    // The browser's report, arriving late, changes nothing and is not refused.
    const late = await recordPayment(customer, insertedId, intentId);
    expect(late.json()).toEqual({ modifiedCount: 0 });
  });

  it('refuses, without charging, a card confirmed after the sweep cancelled the payment', async () => {
    const { part, customer, insertedId } = await anOrderOutOfTen(3);
    const clientSecret = await clientSecretFor(customer, insertedId);
    await letExpire(t.app, insertedId);

    expect(await t.app.orders.expireUnpaidOrders()).toEqual({ expired: 1, paid: 0 });
    const refused = await confirmCard(clientSecret);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      message: 'This order expired or was cancelled before it was paid: nothing was charged.',
      code: 'payment_intent_unexpected_state',
    });
    expect(await intentStatusOf(insertedId)).toBe('canceled');
    const intentId = clientSecret.split('_secret_')[0] ?? '';
    const record = await recordPayment(customer, insertedId, intentId);
    expect(record.statusCode).toBe(409);
    expect(record.json<{ message: string }>().message).toBe(
      'This order expired before it was paid',
    );
    expect(await orderOf(customer, insertedId)).toMatchObject({
      status: 'cancelled',
      payment: 'false',
    });
    expect(await shownStockOf(t.app, part.id)).toBe(10);
  });

  it('never both charges and cancels an order when card and sweep meet', async () => {
    const part = await makePart(t.app.database.db, { stock: 100, minOrder: 1 });
    const placed: { customer: Caller; id: string; clientSecret: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const customer = await signUp(t.app);
      for (let j = 0; j < 3; j++) {
        const { insertedId } = await placedOrder(customer, part.id, 1);
        placed.push({
          customer,
          id: insertedId,
          clientSecret: await clientSecretFor(customer, insertedId),
        });
      }
    }
    await letExpire(t.app, ...placed.map((order) => order.id));

    const [confirmations] = await Promise.all([
      Promise.all(placed.map((order) => confirmCard(order.clientSecret))),
      t.app.orders.expireUnpaidOrders(),
      t.app.orders.expireUnpaidOrders(),
    ]);

    let kept = 0;
    for (const [i, order] of placed.entries()) {
      const charged = confirmations[i]?.statusCode === 200;
      const state = await orderOf(order.customer, order.id);
      // Charged means paid and kept; refused means cancelled with the stock back.
      expect(state.status, `order ${i}`).toBe(charged ? 'pending' : 'cancelled');
      expect(await intentStatusOf(order.id)).toBe(charged ? 'succeeded' : 'canceled');
      if (charged) kept++;
    }
    expect(await shownStockOf(t.app, part.id)).toBe(100 - kept);
  });
});

describe('a customer holds only a few unpaid orders', () => {
  it('refuses the fourth unpaid order with a clear message, and keeps the stock', async () => {
    const part = await makePart(t.app.database.db, { stock: 20, minOrder: 1 });
    const customer = await signUp(t.app);
    const first = (await placedOrder(customer, part.id)).insertedId;
    const second = (await placedOrder(customer, part.id)).insertedId;
    await placedOrder(customer, part.id);

    const fourth = await placeOrder(customer, part.id);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json<{ message: string }>().message).toBe(
      'You have 3 unpaid orders: pay or cancel one first',
    );
    expect(await shownStockOf(t.app, part.id)).toBe(14);
    // Another customer is not held back by it.
    expect((await placeOrder(await signUp(t.app), part.id)).statusCode).toBe(201);

    // Paying one, cancelling one or letting one expire each makes room for one more.
    await pay(customer, first);
    expect((await placeOrder(customer, part.id)).statusCode).toBe(201);
    expect((await cancel(customer.bearer, second)).statusCode).toBe(200);
    const afterCancel = await placedOrder(customer, part.id);
    expect((await placeOrder(customer, part.id)).statusCode).toBe(409);
    await letExpire(t.app, afterCancel.insertedId);
    expect((await placeOrder(customer, part.id)).statusCode).toBe(201);
  });

  it('says "1 unpaid order" in a shop that lets a customer hold one', async () => {
    const own = await createTestApp({ orders: { ...shopRules, maxUnpaidPerCustomer: 1 } });
    try {
      const part = await makePart(own.app.database.db, { stock: 10, minOrder: 1 });
      const customer = await signUp(own.app);
      await placedOrder(customer, part.id, 2, own.app);
      const second = await placeOrder(customer, part.id, 2, own.app);
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: 'You have 1 unpaid order: pay or cancel one first',
      });
      expect(await shownStockOf(own.app, part.id)).toBe(8);
    } finally {
      await own.close();
    }
  });

  it('lets no more than the cap through when one customer orders many times at once', async () => {
    const part = await makePart(t.app.database.db, { stock: 50, minOrder: 1 });
    const customer = await signUp(t.app);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => placeOrder(customer, part.id, 2)),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(3);
    expect(codes.filter((code) => code === 409)).toHaveLength(9);
    expect(await shownStockOf(t.app, part.id)).toBe(50 - 3 * 2);
  });

  it('lets no more than the cap through when the orders at once are each for another part', async () => {
    // Orders of one part wait for each other on the part's row; these share only the customer.
    const shelf = await Promise.all(
      Array.from({ length: 12 }, () => makePart(t.app.database.db, { stock: 5, minOrder: 1 })),
    );
    const customer = await signUp(t.app);
    const answers = await Promise.all(shelf.map((part) => placeOrder(customer, part.id, 1)));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(3);
    expect(codes.filter((code) => code === 409)).toHaveLength(9);
    const stock = await Promise.all(shelf.map((part) => shownStockOf(t.app, part.id)));
    expect(stock.reduce((sum, left) => sum + left, 0)).toBe(12 * 5 - 3);
  });
});

describe('POST /api/orders/:id/cancel', () => {
  it('cancels the customer’s own unpaid order and returns its stock', async () => {
    const { part, customer, insertedId } = await anOrderOutOfTen(4);
    const clientSecret = await clientSecretFor(customer, insertedId);
    expect(await shownStockOf(t.app, part.id)).toBe(6);
    const versionBefore = await versionOf(part.id);

    const res = await cancel(customer.bearer, insertedId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: insertedId,
      status: 'cancelled',
      payment: 'false',
      cancelReason: 'customer',
      expiresAt: null,
    });
    expect(await shownStockOf(t.app, part.id)).toBe(10);
    expect(await versionOf(part.id)).toBe((versionBefore ?? 0) + 1);
    // Its payment went with it: the card form left open cannot charge it.
    expect((await confirmCard(clientSecret)).statusCode).toBe(402);
    const again = await cancel(customer.bearer, insertedId);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe('This order is cancelled already');
    expect((await openPayment(customer, insertedId)).json<{ message: string }>().message).toBe(
      'You cancelled this order',
    );
    expect(await shownStockOf(t.app, part.id)).toBe(10);
  });

  it('refuses to cancel a paid order', async () => {
    const { part, customer, insertedId } = await anOrderOutOfTen(4);
    await pay(customer, insertedId);
    const res = await cancel(customer.bearer, insertedId);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(
      'This order is paid: it can no longer be cancelled',
    );
    expect(await orderOf(customer, insertedId)).toMatchObject({ payment: 'paid' });
    expect(await shownStockOf(t.app, part.id)).toBe(6);
  });

  it('marks the order paid instead when its card went through first', async () => {
    const { part, customer, insertedId } = await anOrderOutOfTen(4);
    expect((await confirmCard(await clientSecretFor(customer, insertedId))).statusCode).toBe(200);
    const res = await cancel(customer.bearer, insertedId);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(
      'This order is paid: it can no longer be cancelled',
    );
    expect(await orderOf(customer, insertedId)).toMatchObject({
      payment: 'paid',
      testPayment: true,
    });
    expect(await shownStockOf(t.app, part.id)).toBe(6);
  });

  it('lets nobody else cancel the order', async () => {
    const { part, customer, insertedId } = await anOrderOutOfTen(4);
    const other = await signUp(t.app);
    const admin = await signUpAdmin(t.app);
    expect((await cancel({}, insertedId)).statusCode).toBe(401);
    expect((await cancel(other.bearer, insertedId)).statusCode).toBe(404);
    expect((await cancel(admin.bearer, insertedId)).statusCode).toBe(404);
    expect((await cancel(customer.bearer, 'not-an-order')).statusCode).toBe(404);
    expect(await orderOf(customer, insertedId)).toMatchObject({ status: 'unpaid' });
    expect(await shownStockOf(t.app, part.id)).toBe(6);
  });
});

describe('test payments', () => {
  it('marks an order paid through the built-in processor as a test payment everywhere', async () => {
    const part = await makePart(t.app.database.db, { priceCents: 2_500, stock: 10, minOrder: 1 });
    const customer = await signUp(t.app);
    const admin = await signUpAdmin(t.app);
    const paid = (await placedOrder(customer, part.id)).insertedId;
    const unpaid = (await placedOrder(customer, part.id)).insertedId;
    expect((await orderOf(customer, paid)).testPayment).toBe(false);
    await pay(customer, paid);

    const mine = (
      await t.app.inject({
        method: 'GET',
        url: `/api/orders?userEmail=${customer.email}`,
        headers: customer.bearer,
      })
    ).json<Order[]>();
    const all = (
      await t.app.inject({ method: 'GET', url: '/api/allorders', headers: admin.bearer })
    ).json<Order[]>();
    for (const list of [mine, all]) {
      expect(list.find((order) => order._id === paid)).toMatchObject({
        payment: 'paid',
        testPayment: true,
      });
      expect(list.find((order) => order._id === unpaid)).toMatchObject({
        payment: 'false',
        testPayment: false,
      });
    }
  });

  it('counts neither test payments nor cancelled orders as money received', async () => {
    const part = await makePart(t.app.database.db, { priceCents: 2_500, stock: 10, minOrder: 1 });
    const customer = await signUp(t.app);
    await pay(customer, (await placedOrder(customer, part.id)).insertedId);
    const cancelled = (await placedOrder(customer, part.id)).insertedId;
    expect((await cancel(customer.bearer, cancelled)).statusCode).toBe(200);
    const metrics = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toContain('apex_payments_received_dollars 0');
    expect(metrics.body).toContain('apex_orders{status="paid"} 1');
    expect(metrics.body).toContain('apex_orders{status="cancelled"} 1');
  });
});
