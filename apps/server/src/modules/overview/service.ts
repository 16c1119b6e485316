import { and, asc, count, desc, eq, gte, isNull, lt, lte, sql, sum } from 'drizzle-orm';

import {
  type Overview,
  OVERVIEW_BEST_SELLERS,
  OVERVIEW_DAYS,
  OVERVIEW_LOW_STOCK_LIMIT,
} from '@apex/contract';

import type { Database } from '../../db/client';
import { orderLines, orders, parts } from '../../db/schema';
import type { CacheOf } from '../../lib/json-cache';

const DAY_MS = 86_400_000;

/** The UTC day of a moment, as YYYY-MM-DD. */
const utcDay = (moment: Date) => moment.toISOString().slice(0, 10);

/**
 * Revenue is what customers paid: an order counts from the moment its payment is confirmed, and
 * keeps counting once shipped. Unpaid orders have paid nothing, and cancelled ones (expired or
 * cancelled by their customer) were never paid: neither is revenue. Each figure below is one
 * statement, answered from the index named beside it (migration 0015).
 */
const sold = sql`${orders.status} in ('paid', 'shipped')`;

/**
 * The statements behind the overview at `now`, one per figure (the tests read their plans):
 * the last OVERVIEW_DAYS UTC days (today included) day by day, every order by its state, the
 * best sellers of those days, and the parts on sale that cannot take another order.
 */
export function overviewQueries(db: Database, now: Date) {
  const to = utcDay(now);
  const from = utcDay(new Date(Date.parse(to) - (OVERVIEW_DAYS - 1) * DAY_MS));
  // Half-open, in UTC: an order paid at 23:59:59.999 is the day's, one at 00:00 the next day's.
  const start = new Date(`${from}T00:00:00.000Z`);
  const end = new Date(Date.parse(to) + DAY_MS);
  const paidInPeriod = and(sold, gte(orders.paidAt, start), lt(orders.paidAt, end));

  // orders_paid_idx: the days with payments, then every day of the period, zero where none.
  const paidDay = sql<string>`(${orders.paidAt} at time zone 'UTC')::date`;
  const perDay = db.$with('per_day').as(
    db
      .select({
        day: paidDay.as('day'),
        orders: count().as('orders'),
        revenueCents:
          sql<number>`coalesce(sum(${orders.totalCents}) filter (where not ${orders.testPayment}), 0)`.as(
            'revenue_cents',
          ),
        testCents:
          sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.testPayment}), 0)`.as(
            'test_cents',
          ),
      })
      .from(orders)
      .where(paidInPeriod)
      .groupBy(paidDay),
  );
  const calendar = sql`generate_series(${from}::timestamp, ${to}::timestamp, interval '1 day') as calendar(d)`;
  const days = db
    .with(perDay)
    .select({
      date: sql<string>`to_char(calendar.d, 'YYYY-MM-DD')`,
      orders: sql<number>`coalesce(${perDay.orders}, 0)`.mapWith(Number),
      revenueCents: sql<number>`coalesce(${perDay.revenueCents}, 0)`.mapWith(Number),
      testCents: sql<number>`coalesce(${perDay.testCents}, 0)`.mapWith(Number),
    })
    .from(calendar)
    .leftJoin(perDay, sql`${perDay.day} = calendar.d::date`)
    .orderBy(sql`calendar.d`);

  // orders_status_created_idx, whose first column is the state.
  const states = db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .groupBy(orders.status);

  // orders_paid_idx for the period's orders, the lines' primary key for what they held.
  const units = sum(orderLines.quantity).mapWith(Number);
  const bestSellers = db
    .select({
      partId: orderLines.partId,
      name: parts.name,
      units,
      revenueCents: sum(orderLines.totalCents).mapWith(Number),
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .innerJoin(parts, eq(parts.id, orderLines.partId))
    .where(paidInPeriod)
    .groupBy(orderLines.partId, parts.name)
    .orderBy(desc(units), asc(parts.name), asc(orderLines.partId))
    .limit(OVERVIEW_BEST_SELLERS);

  // The parts on sale (parts_catalog_idx), then their stock: an index over the stock would cost
  // every order, whose reservation changes it (catalog-schema.ts).
  const lowStock = db
    .select({
      partId: parts.id,
      name: parts.name,
      stock: parts.stock,
      minOrder: parts.minOrder,
      count: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(parts)
    .where(and(isNull(parts.archivedAt), lte(parts.stock, parts.minOrder)))
    .orderBy(asc(parts.stock), asc(parts.name))
    .limit(OVERVIEW_LOW_STOCK_LIMIT);

  return { from, to, days, states, bestSellers, lowStock };
}

/** The admin's overview of the shop at `now` (Dashboard → Overview). */
export async function overviewAt(db: Database, now: Date): Promise<Overview> {
  const queries = overviewQueries(db, now);
  // One after another: within a transaction (as a test asks from another time zone) the one
  // connection takes a statement at a time, and the pg driver warns of queries sent at once; the
  // answer is kept in memory anyway (createOverview).
  const days = await queries.days;
  const states = await queries.states;
  const bestSellers = await queries.bestSellers;
  const lowStock = await queries.lowStock;
  const inState = (status: (typeof states)[number]['status']) =>
    states.find((row) => row.status === status)?.n ?? 0;
  return {
    from: queries.from,
    to: queries.to,
    days,
    ordersByState: {
      unpaid: inState('unpaid'),
      paid: inState('paid'),
      shipped: inState('shipped'),
      cancelled: inState('cancelled'),
    },
    bestSellers,
    lowStock: {
      parts: lowStock.map(({ count: _, ...part }) => part),
      count: lowStock[0]?.count ?? 0,
    },
  };
}

/**
 * The overview the admins are shown: added up once, then kept in memory until any instance
 * writes an order or a part (decision 003) or the UTC day turns, so visits and refreshes between
 * orders cost no aggregate over years of them. `clock` is the time of day (tests move it).
 */
export function createOverview(db: Database, cacheOf: CacheOf, clock = () => new Date()) {
  const cache = cacheOf(['orders', 'parts'], () => overviewAt(db, clock()));
  /** The UTC day of the last read: the first read of a new day drops what was kept. */
  let day: string | null = null;
  return {
    get(): Promise<Overview> {
      const today = utcDay(clock());
      if (today !== day) {
        // Today's 30 days are not yesterday's; the reads that follow share the one new load.
        day = today;
        cache.invalidate();
      }
      return cache.get();
    },
  };
}

export type OverviewService = ReturnType<typeof createOverview>;
