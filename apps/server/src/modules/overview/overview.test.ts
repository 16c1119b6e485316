import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { Overview, OverviewDay } from '@apex/contract';

import { signUp, signUpAdmin } from '../../../test/accounts-helpers';
import { makeOrder, makePart } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { orderLines, orders, parts, users } from '../../db/schema';
import { createCaches } from '../../lib/json-cache';
import { createOverview, overviewAt, overviewQueries } from './service';

const t = useTestApp();

async function customerRow() {
  const customer = await signUp(t.app, { name: 'Ada', email: 'ada@example.com' });
  const [row] = await t.app.database.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.email, customer.email));
  if (!row) throw new Error('no account');
  return row;
}

/** Every day from `from` to `to` (UTC, inclusive) with nothing sold, the ones given replaced. */
function calendar(from: string, to: string, sales: Record<string, Omit<OverviewDay, 'date'>>) {
  const days: OverviewDay[] = [];
  for (let day = Date.parse(from); day <= Date.parse(to); day += 86_400_000) {
    const date = new Date(day).toISOString().slice(0, 10);
    days.push({ date, orders: 0, revenueCents: 0, testCents: 0, ...sales[date] });
  }
  return days;
}

describe('the admin overview', () => {
  it('adds up a small shop by hand: paid and shipped orders by UTC day of payment, states, best sellers, low stock', async () => {
    const { db } = t.app.database;
    const user = await customerRow();
    const part = (name: string, priceCents: number, stock: number, minOrder: number) =>
      makePart(db, { name, priceCents, stock, minOrder });
    const brakes = await part('Apex Brake Kit', 10_000, 50, 2);
    const hood = await part('Carbon Hood', 2_500, 3, 3); // at its minimum order
    const seat = await part('Drift Seat', 700, 1, 2); // below it
    const tip = await part('Exhaust Tip', 3_000, 4, 3);
    const pump = await part('Fuel Pump', 5_000, 10, 1);
    const knob = await part('Gear Knob', 1_000, 10, 1);
    // Off sale: never low on stock, however empty.
    await makePart(db, { name: 'Archived Wing', stock: 0, minOrder: 1, archivedAt: new Date() });

    const order = (
      p: typeof brakes,
      quantity: number,
      status: 'unpaid' | 'paid' | 'shipped' | 'cancelled',
      paidAt: string | null,
      testPayment = false,
    ) =>
      makeOrder(db, {
        part: p,
        user,
        quantity,
        status,
        paidAt: paidAt ? new Date(paidAt) : null,
        testPayment,
      });

    // The last moment of 14 March and the first of 15 March, UTC: two days apart.
    await order(brakes, 2, 'paid', '2026-03-14T23:59:59.999Z');
    await order(brakes, 3, 'shipped', '2026-03-15T00:00:00.000Z', true);
    await order(hood, 4, 'paid', '2026-03-15T08:00:00.000Z');
    // Nothing paid, nothing sold: an unpaid order and a cancelled (expired) one.
    await order(seat, 5, 'unpaid', null);
    await order(brakes, 10, 'cancelled', null);
    // The day before the period and its first day.
    await order(hood, 6, 'paid', '2026-02-13T23:59:59.999Z');
    await order(seat, 2, 'shipped', '2026-02-14T00:00:00.000Z');
    await order(pump, 1, 'paid', '2026-03-10T09:00:00.000Z');
    await order(knob, 1, 'paid', '2026-03-10T17:00:00.000Z');
    // An order of two lines: one brake kit and two exhaust tips.
    const cart = await order(brakes, 1, 'paid', '2026-03-01T10:00:00.000Z');
    await db.insert(orderLines).values({
      orderId: cart.id,
      position: 1,
      partId: tip.id,
      partName: tip.name,
      unitPriceCents: 3_000,
      quantity: 2,
      totalCents: 6_000,
    });
    await db.update(orders).set({ totalCents: 16_000 }).where(eq(orders.id, cart.id));

    // Days are UTC days wherever the database server is: asked from a session on the other side
    // of the world (13 hours ahead in March), every figure stays the same.
    const overview = await db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Pacific/Auckland'`);
      return overviewAt(tx, new Date('2026-03-15T12:00:00.000Z'));
    });

    const expected: Overview = {
      from: '2026-02-14',
      to: '2026-03-15',
      days: calendar('2026-02-14', '2026-03-15', {
        '2026-02-14': { orders: 1, revenueCents: 1_400, testCents: 0 },
        '2026-03-01': { orders: 1, revenueCents: 16_000, testCents: 0 },
        '2026-03-10': { orders: 2, revenueCents: 5_000 + 1_000, testCents: 0 },
        '2026-03-14': { orders: 1, revenueCents: 20_000, testCents: 0 },
        '2026-03-15': { orders: 2, revenueCents: 10_000, testCents: 30_000 },
      }),
      ordersByState: { unpaid: 1, paid: 6, shipped: 2, cancelled: 1 },
      // Units in the period's paid and shipped orders; a tie goes by name, and the sixth is left out.
      bestSellers: [
        { partId: brakes.id, name: 'Apex Brake Kit', units: 2 + 3 + 1, revenueCents: 60_000 },
        { partId: hood.id, name: 'Carbon Hood', units: 4, revenueCents: 10_000 },
        { partId: seat.id, name: 'Drift Seat', units: 2, revenueCents: 1_400 },
        { partId: tip.id, name: 'Exhaust Tip', units: 2, revenueCents: 6_000 },
        { partId: pump.id, name: 'Fuel Pump', units: 1, revenueCents: 5_000 },
      ],
      lowStock: {
        parts: [
          { partId: seat.id, name: 'Drift Seat', stock: 1, minOrder: 2 },
          { partId: hood.id, name: 'Carbon Hood', stock: 3, minOrder: 3 },
        ],
        count: 2,
      },
    };
    expect(overview.days).toHaveLength(30);
    expect(overview).toEqual(expected);
  });

  it('answers an empty shop with 30 days of zeros', async () => {
    const overview = await overviewAt(t.app.database.db, new Date('2026-01-05T00:00:00.000Z'));
    expect(overview).toEqual({
      from: '2025-12-07',
      to: '2026-01-05',
      days: calendar('2025-12-07', '2026-01-05', {}),
      ordersByState: { unpaid: 0, paid: 0, shipped: 0, cancelled: 0 },
      bestSellers: [],
      lowStock: { parts: [], count: 0 },
    });
  });

  it('GET /api/overview shows an admin today’s payment as it happens', async () => {
    const admin = await signUpAdmin(t.app, { email: 'boss@example.com' });
    const user = await customerRow();
    const part = await makePart(t.app.database.db, { priceCents: 4_200, minOrder: 1 });
    const ask = () => t.app.inject({ method: 'GET', url: '/api/overview', headers: admin.bearer });

    const before = await ask();
    expect(before.statusCode, before.body).toBe(200);
    const paidBefore = before.json<Overview>().ordersByState.paid;
    await makeOrder(t.app.database.db, {
      part,
      user,
      quantity: 2,
      status: 'paid',
      paidAt: new Date(),
    });
    // The write's change notice drops the overview kept in memory: on PGlite at its commit,
    // before the writer goes on; from PostgreSQL's listening connection a moment later.
    const paidNow = async () => (await ask()).json<Overview>().ordersByState.paid;
    if (t.app.database.kind === 'pglite') expect(await paidNow()).toBe(paidBefore + 1);
    else await expect.poll(paidNow, { timeout: 1_000 }).toBe(paidBefore + 1);
    const after = (await ask()).json<Overview>();

    const today = after.days.at(-1);
    expect(today).toMatchObject({ date: after.to, orders: 1, revenueCents: 8_400 });
    expect(after.to).toBe(new Date().toISOString().slice(0, 10));
    expect(after.bestSellers).toEqual([
      { partId: part.id, name: part.name, units: 2, revenueCents: 8_400 },
    ]);
  });
});

describe('the admin overview kept in memory', () => {
  it('is added up once, and again only when orders or parts change or the UTC day turns', async () => {
    const { db } = t.app.database;
    const user = await customerRow();
    const part = await makePart(db, { name: 'Apex Brake Kit', priceCents: 5_000, minOrder: 1 });
    // Caches of this test's own: nothing but the calls below tells them of a write.
    const caches = createCaches();
    let now = new Date('2026-03-15T23:59:59.000Z');
    const overview = createOverview(db, caches.cacheOf, () => now);
    const paidOrder = (paidAt: Date) =>
      makeOrder(db, { part, user, quantity: 1, status: 'paid', paidAt, createdAt: paidAt });

    const first = await overview.get();
    expect(first).toEqual(await overviewAt(db, now));
    await paidOrder(new Date('2026-03-15T10:00:00.000Z'));
    // Kept: no notice came, and a notice of another table changes nothing.
    expect(await overview.get()).toEqual(first);
    caches.drop('reviews');
    expect(await overview.get()).toEqual(first);

    caches.drop('orders');
    const afterOrder = await overview.get();
    expect(afterOrder.ordersByState.paid).toBe(first.ordersByState.paid + 1);
    expect(afterOrder.bestSellers).toEqual([
      { partId: part.id, name: 'Apex Brake Kit', units: 1, revenueCents: 5_000 },
    ]);

    await db.update(parts).set({ name: 'Apex Brake Kit II' }).where(eq(parts.id, part.id));
    expect((await overview.get()).bestSellers[0]?.name).toBe('Apex Brake Kit');
    caches.drop('parts');
    expect((await overview.get()).bestSellers[0]?.name).toBe('Apex Brake Kit II');

    // A new UTC day: its 30 days are not yesterday's, though nothing was written.
    now = new Date('2026-03-16T00:00:00.000Z');
    const nextDay = await overview.get();
    expect(nextDay).toEqual(await overviewAt(db, now));
    expect(nextDay.to).toBe('2026-03-16');
    expect(nextDay.days.at(-2)).toMatchObject({ date: '2026-03-15', orders: 1 });

    // Anything may have changed while notices were lost.
    await paidOrder(new Date('2026-03-16T00:00:00.000Z'));
    caches.drop(null);
    expect((await overview.get()).days.at(-1)).toMatchObject({ date: '2026-03-16', orders: 1 });
  });
});

describe('the admin overview’s indexes', () => {
  // Tiny tables are read whole whatever the indexes; with sequential scans priced out, the
  // plans show whether an index can answer each figure at all.
  it('answer each figure without reading a whole table', async () => {
    const { db } = t.app.database;
    const queries = overviewQueries(db, new Date('2026-03-15T12:00:00.000Z'));
    const planOf = (query: SQLWrapper) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = await tx.execute(sql`explain select * from (${query}) as figure`);
        const rows = (result as { rows: Record<string, string>[] }).rows;
        return rows.map((row) => Object.values(row).join('')).join('\n');
      });
    const plans = {
      days: await planOf(queries.days),
      states: await planOf(queries.states),
      bestSellers: await planOf(queries.bestSellers),
      lowStock: await planOf(queries.lowStock),
    };
    expect(plans.days).toContain('orders_paid_idx');
    expect(plans.states).toContain('orders_status_created_idx');
    expect(plans.bestSellers).toContain('orders_paid_idx');
    expect(plans.bestSellers).toContain('order_lines_order_id_position_pk');
    // The parts on sale, by the catalog's own index: none may name the stock, which every order
    // changes (catalog-schema.ts).
    expect(plans.lowStock).toContain('parts_catalog_idx');
    for (const plan of Object.values(plans)) expect(plan).not.toContain('Seq Scan');
  });
});
