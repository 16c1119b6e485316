import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { Order } from '@apex/contract';

import { type Caller, signUp, signUpAdmin } from '../../../test/accounts-helpers';
import { makePart } from '../../../test/factories';
import {
  chargedPaymentId,
  placeOrder as placeOrderIn,
  recordPayment,
} from '../../../test/orders-helpers';
import { stockOf } from '../../../test/parts-helpers';
import { testConfig, useTestApp } from '../../../test/test-app';
import { builtinPaymentIntents, orders, outbox, parts } from '../../db/schema';

/** Places an order of `quantity` units of a part; answers the response. */
const orderOf = (t: ReturnType<typeof useTestApp>, customer: Caller, partId: string, n: number) =>
  placeOrderIn(t.app, customer.bearer, { orderId: partId, orderQuantity: n });

/** Pays an order as the payment page does: the test card, then the order told of the payment. */
async function pay(t: ReturnType<typeof useTestApp>, customer: Caller, orderId: string) {
  const paymentId = await chargedPaymentId(t.app, customer, orderId);
  return recordPayment(t.app, customer, orderId, paymentId);
}

const SOLD_OUT_REFUNDED =
  'These parts sold out before your payment arrived: the order is cancelled and your payment refunded in full';

describe('stock held for customers who pay', () => {
  const t = useTestApp();

  it('holds an order’s parts while a minimum order stays on the shelf, and says so', async () => {
    const part = await makePart(t.app.database.db, { stock: 10, minOrder: 2 });
    const [ada, bob] = [await signUp(t.app), await signUp(t.app)];
    const held = await orderOf(t, ada, part.id, 8);
    expect(held.statusCode).toBe(201);
    const heldOrder = held.json<{ order: Order }>().order;
    expect(heldOrder).toMatchObject({ held: true, status: 'unpaid' });
    // Fifteen minutes from now, by the database's clock.
    const minutes = (Date.parse(heldOrder.expiresAt ?? '') - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    expect(await stockOf(t.app, part.id)).toBe(2);

    // The last minimum order is not held: it goes to whoever pays first.
    const unheld = await orderOf(t, bob, part.id, 2);
    expect(unheld.statusCode).toBe(201);
    expect(unheld.json<{ order: Order }>().order).toMatchObject({ held: false });
    expect(await stockOf(t.app, part.id)).toBe(2);
  });

  it('sells the last minimum order to the first who pays; the part then says it sold out', async () => {
    const part = await makePart(t.app.database.db, { stock: 4, minOrder: 4 });
    const customer = await signUp(t.app);
    const first = await orderOf(t, customer, part.id, 4);
    expect(first.json<{ order: Order }>().order).toMatchObject({ held: false });
    expect(await stockOf(t.app, part.id)).toBe(4);
    expect(
      (await pay(t, customer, first.json<{ insertedId: string }>().insertedId)).statusCode,
    ).toBe(200);
    expect(await stockOf(t.app, part.id)).toBe(0);
    const late = await orderOf(t, customer, part.id, 4);
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toBe('This part has just sold out');
  });

  it('refunds a payment that comes after someone else paid for the last units, and sells nothing twice', async () => {
    const part = await makePart(t.app.database.db, { stock: 2, minOrder: 2 });
    const [ada, bob] = [await signUp(t.app), await signUp(t.app)];
    const adasOrder = (await orderOf(t, ada, part.id, 2)).json<{ insertedId: string }>().insertedId;
    const bobsOrder = (await orderOf(t, bob, part.id, 2)).json<{ insertedId: string }>().insertedId;
    expect((await pay(t, bob, bobsOrder)).statusCode).toBe(200);

    const adasPayment = await chargedPaymentId(t.app, ada, adasOrder);
    const late = await recordPayment(t.app, ada, adasOrder, adasPayment);
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toBe(SOLD_OUT_REFUNDED);
    expect(await stockOf(t.app, part.id)).toBe(0);
    const [cancelled] = await t.app.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, adasOrder));
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'sold-out' });
    expect(cancelled?.refundedAt).toBeInstanceOf(Date);
    expect(cancelled?.refundDueAt).toBeNull();
    const [intent] = await t.app.database.db
      .select({ status: builtinPaymentIntents.status })
      .from(builtinPaymentIntents)
      .where(eq(builtinPaymentIntents.id, adasPayment));
    expect(intent?.status).toBe('refunded');
    const mails = await t.app.database.db
      .select({ kind: outbox.kind })
      .from(outbox)
      .where(eq(outbox.recipient, ada.email));
    expect(mails.map((mail) => mail.kind)).toContain('order-sold-out');
    // Told again, the page hears the same; nothing more is refunded or sold.
    const again = await recordPayment(t.app, ada, adasOrder, adasPayment);
    expect(again.statusCode).toBe(409);
    expect(await stockOf(t.app, part.id)).toBe(0);
  });

  it('holds an order that could not be held once its customer starts paying, if it now can', async () => {
    const part = await makePart(t.app.database.db, { stock: 5, minOrder: 1 });
    const [ada, bob] = [await signUp(t.app), await signUp(t.app)];
    const bobsHold = (await orderOf(t, bob, part.id, 4)).json<{ insertedId: string }>().insertedId;
    const adas = await orderOf(t, ada, part.id, 1);
    expect(adas.json<{ order: Order }>().order).toMatchObject({ held: false });
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${bobsHold}/cancel`,
      headers: bob.bearer,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await stockOf(t.app, part.id)).toBe(5);

    const adasOrder = adas.json<{ insertedId: string }>().insertedId;
    await chargedPaymentId(t.app, ada, adasOrder);
    const now = await t.app.inject({
      method: 'GET',
      url: `/api/order/${adasOrder}`,
      headers: ada.bearer,
    });
    expect(now.json<Order>()).toMatchObject({ held: true });
    expect(await stockOf(t.app, part.id)).toBe(4);
  });

  it('gives back at expiry only what an order held', async () => {
    const part = await makePart(t.app.database.db, { stock: 6, minOrder: 2 });
    const [ada, bob] = [await signUp(t.app), await signUp(t.app)];
    expect((await orderOf(t, ada, part.id, 4)).json<{ order: Order }>().order.held).toBe(true);
    expect((await orderOf(t, bob, part.id, 2)).json<{ order: Order }>().order.held).toBe(false);
    expect(await stockOf(t.app, part.id)).toBe(2);
    await t.app.database.db.update(orders).set({ expiresAt: sql`now() - interval '1 minute'` });
    expect(await t.app.orders.expireUnpaidOrders()).toMatchObject({ expired: 2 });
    expect(await stockOf(t.app, part.id)).toBe(6);
  });

  it('tells admins of low stock once a part a day, however many payments take it', async () => {
    await signUpAdmin(t.app, { email: 'admin@example.com' });
    const part = await makePart(t.app.database.db, { stock: 3, minOrder: 2 });
    const customer = await signUp(t.app);
    const lowStockMails = async () =>
      (await t.app.database.db.select().from(outbox)).filter((mail) => mail.kind === 'low-stock');

    const buy = async () => {
      const id = (await orderOf(t, customer, part.id, 2)).json<{ insertedId: string }>().insertedId;
      expect((await pay(t, customer, id)).statusCode).toBe(200);
    };
    await buy();
    expect(await stockOf(t.app, part.id)).toBe(1);
    expect(await lowStockMails()).toHaveLength(1);
    await t.app.database.db.update(parts).set({ stock: 3 }).where(eq(parts.id, part.id));
    await buy();
    expect(await lowStockMails()).toHaveLength(1);
    // A day on, a new fall below the minimum order is news again.
    await t.app.database.db
      .update(parts)
      .set({ stock: 3, lowStockMailedAt: sql`now() - interval '25 hours'` })
      .where(eq(parts.id, part.id));
    await buy();
    expect(await lowStockMails()).toHaveLength(2);
  });
});

describe('five accounts checking out everything they can, as often as they may', () => {
  // The cap on unpaid orders a customer may hold, as a real shop runs (the tests' default lifts it).
  const t = useTestApp({
    orders: {
      ...testConfig({ kind: 'pglite', dataDir: 'memory://' }).orders,
      maxUnpaidPerCustomer: 3,
    },
  });

  it('leave a sixth customer able to buy every part at its minimum order throughout, and never oversell', async () => {
    const db = t.app.database.db;
    const shelf = await Promise.all(
      [
        { stock: 12, minOrder: 1 },
        { stock: 9, minOrder: 3 },
        { stock: 2, minOrder: 2 },
        { stock: 40, minOrder: 5 },
        { stock: 7, minOrder: 2 },
      ].map((part, i) => makePart(db, { ...part, name: `Hoarded ${i}`, priceCents: 10_000 })),
    );
    const initial = new Map(shelf.map((part) => [part.id, part.stock]));
    const attackers = await Promise.all(Array.from({ length: 5 }, () => signUp(t.app)));
    const [honest, sixth] = [await signUp(t.app), await signUp(t.app)];
    // An honest customer ordered before the attack: their held order must stay payable.
    const honestOrder = await orderOf(t, honest, shelf[0]?.id ?? '', 2);
    expect(honestOrder.json<{ order: Order }>().order.held).toBe(true);

    const visibleStock = async (partId: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/parts/${partId}` })).json<{
        quantity: number;
      }>().quantity;
    const ownUnpaid = async (attacker: Caller) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/orders?userEmail=${attacker.email}`,
          headers: attacker.bearer,
        })
      )
        .json<Order[]>()
        .filter((order) => order.status === 'unpaid');
    /** One attacker's turn: cancel what they hold, then order as much as the shop shows. */
    const hoard = async (attacker: Caller, round: number) => {
      for (const order of await ownUnpaid(attacker)) {
        await t.app.inject({
          method: 'POST',
          url: `/api/orders/${order._id}/cancel`,
          headers: attacker.bearer,
        });
      }
      for (let k = 0; k < shelf.length; k++) {
        const part = shelf[(round + k) % shelf.length];
        if (!part) continue;
        const quantity = await visibleStock(part.id);
        if (quantity < part.minOrder) continue;
        // Refused past the cap of unpaid orders: as often as the limits allow.
        await orderOf(t, attacker, part.id, quantity);
      }
    };

    const bought = new Map<string, number>();
    const buyMinimum = async (partId: string, minOrder: number) => {
      const placed = await orderOf(t, sixth, partId, minOrder);
      expect(placed.statusCode, placed.body).toBe(201);
      const paid = await pay(t, sixth, placed.json<{ insertedId: string }>().insertedId);
      expect(paid.statusCode, paid.body).toBe(200);
      bought.set(partId, (bought.get(partId) ?? 0) + minOrder);
    };

    for (let round = 0; round < 8; round++) {
      // The sixth customer buys while the attackers order: whichever comes first.
      const part = shelf[round % shelf.length];
      const buying =
        part && (part.stock !== part.minOrder || round === 2)
          ? buyMinimum(part.id, part.minOrder)
          : Promise.resolve();
      await Promise.all([...attackers.map((attacker) => hoard(attacker, round)), buying]);
      for (const shelved of shelf) {
        expect(await stockOf(t.app, shelved.id), shelved.name).toBeGreaterThanOrEqual(0);
      }
    }

    // The honest customer pays in the middle of it all.
    const honestId = honestOrder.json<{ insertedId: string }>().insertedId;
    expect((await pay(t, honest, honestId)).statusCode).toBe(200);
    bought.set(shelf[0]?.id ?? '', (bought.get(shelf[0]?.id ?? '') ?? 0) + 2);

    // Every hold ends: every unit is on the shelf or sold, never both, never more.
    await db
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(orders.status, 'unpaid'));
    await t.app.orders.expireUnpaidOrders();
    for (const part of shelf) {
      expect((await stockOf(t.app, part.id)) ?? 0, part.name).toBe(
        (initial.get(part.id) ?? 0) - (bought.get(part.id) ?? 0),
      );
    }
  });
});
