// A shop whose order history has grown: 1,000, then 10,000, then 100,000 orders over 1,000
// customers and a grown catalog's parts, on each database. At each size the admin's and a
// customer's reads of the orders are timed at 10 connections; on PostgreSQL each beside its
// ceiling, a bare process doing the read's least database work and sending the shop's bytes
// (src/read-ceiling.mjs). The whole bench draws every size; the largest on PostgreSQL, the
// database a shop with years of orders runs on, is judged, and the gate (`--check`) times that
// size alone.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

import { ADMIN_LIST_PAGE_SIZE, MY_ORDERS_PAGE_SIZE } from '@apex/contract';

import { type Pair, pairInTurn } from '../lib/alternating-rounds';
import { expectStatus, request } from '../lib/http';
import { adminDatabaseUrl, createBenchDatabase } from '../lib/postgres';
import { root, type RunningServer, startServer } from '../lib/server-process';
import { type PreparedShop, prepareShop } from '../lib/shop';
import { type SqlTarget, withSql } from '../lib/sql';
import { median, percentile } from '../lib/stats';
import { burst } from '../lib/throughput';
import type { Session } from '../session';
import { GROWTH, ORDER_GROWTH, PORTS, shopEnv } from '../settings';
import { addParts } from './growth';

/** The reads timed at each size, as the pages that make them name them. */
export const ORDER_READS = [
  'Manage Orders, first page',
  'Manage Orders, paid only',
  'Manage Orders, a deep page',
  'Overview',
  'My Orders',
] as const;
export type OrderRead = (typeof ORDER_READS)[number];

export interface OrderGrowthStep {
  orders: number;
  /** p99 of each read at 10 connections, in ms: the median of its rounds'. */
  p99: Record<OrderRead, number>;
  /** Where the history is on PostgreSQL: the same of each read's ceiling, timed in the same
   * rounds, the median over the rounds of the read's p99 ÷ its ceiling's, and the ceiling's own
   * errors (its ratio means nothing then). */
  ceiling?:
    | { p99: Record<OrderRead, number>; ratio: Record<OrderRead, number>; errors: number }
    | undefined;
  /** The shop's answers that failed. */
  errors: number;
}

export type GrowthDatabase = 'PGlite' | 'PostgreSQL';

/** Where the chart of each database's steps is drawn, for docs/performance.md. */
export const ORDER_GROWTH_CHARTS: Record<GrowthDatabase, string> = {
  PGlite: path.join(root, 'docs', 'order-growth.svg'),
  PostgreSQL: path.join(root, 'docs', 'order-growth-postgres.svg'),
};

/** The seeded orders' ids: the same order number always makes the same id. */
const orderId = (n: string) => `md5('bench-order-' || ${n})::uuid`;

/**
 * Brings the database's orders to `total` by bulk insert, never through the API: 100,000 orders would take the API minutes. The first
 * call empties the orders the benchmarks before placed, and adds customers up to
 * ORDER_GROWTH.customers. Order n belongs to customer n mod 1,000 (the customers in the order they
 * signed up, so the bench's own customers own their share), has 1 to 3 lines of the catalog's
 * parts, and was placed 10 minutes before order n - 1: the larger sizes add older history, as
 * years of trade would. Most orders are shipped, a third of the rest paid, one in 25 cancelled,
 * and the newest 50 unpaid.
 */
export async function seedOrders(target: SqlTarget, from: number, total: number): Promise<void> {
  await withSql(target, async (db) => {
    if (from === 0) {
      await db.query('truncate table orders cascade');
      await db.query(
        `insert into users (id, name, email, email_verified, role)
         select 'bench-customer-' || i, 'Customer ' || i, 'customer' || i || '@bench.example', true, 'user'
         from generate_series(1, greatest(0, $1::int - (select count(*)::int from users where role = 'user'))) i`,
        [ORDER_GROWTH.customers],
      );
    }
    // In batches, so no one statement holds a hundred thousand rows in PGlite's memory.
    const batch = 10_000;
    for (let first = from + 1; first <= total; first += batch) {
      const last = Math.min(total, first + batch - 1);
      await db.query(
        `with ps as (select array_agg(id order by id) as ids, count(*)::int as n from parts),
         cs as (select array_agg(id order by created_at, id) as ids,
                       array_agg(name order by created_at, id) as names,
                       array_agg(email order by created_at, id) as emails,
                       count(*)::int as n
                from users where role = 'user'),
         lines as (
           select g, pos, p.id as part_id, p.name, p.price_cents, 1 + (g + pos) % 3 as quantity
           from generate_series($1::int, $2::int) g
           cross join lateral generate_series(0, g % 3) pos
           cross join ps
           join parts p on p.id = ps.ids[1 + (g * 7 + pos * 13) % ps.n]
         ),
         placed_lines as (
           insert into order_lines (order_id, position, part_id, part_name, unit_price_cents, quantity, total_cents)
           select ${orderId('g')}, pos, part_id, name, price_cents, quantity, price_cents * quantity from lines
         ),
         totals as (select g, sum(price_cents * quantity)::int as total from lines group by g),
         placed as (
           select t.g, t.total, now() - t.g * interval '10 minutes' as at,
                  case when t.g <= 50 then 'unpaid' when t.g % 25 = 0 then 'cancelled'
                       when t.g % 3 = 0 then 'paid' else 'shipped' end::order_status as status
           from totals t
         )
         insert into orders (id, total_cents, user_id, user_name, user_email, phone, address, status,
                             payment_intent_id, transaction_id, paid_at, test_payment, expires_at,
                             cancelled_at, cancel_reason, shipped_at, created_at, updated_at)
         select ${orderId('o.g')}, o.total, cs.ids[1 + o.g % cs.n], cs.names[1 + o.g % cs.n],
                cs.emails[1 + o.g % cs.n], '555-0100', 'Bench Street ' || o.g, o.status,
                case when o.status in ('paid', 'shipped') then 'pi_bench_' || o.g end,
                case when o.status in ('paid', 'shipped') then 'pi_bench_' || o.g end,
                case when o.status in ('paid', 'shipped') then o.at + interval '5 minutes' end,
                o.status in ('paid', 'shipped'),
                case when o.status = 'unpaid' then now() + interval '1 day'
                     when o.status = 'cancelled' then o.at + interval '30 minutes' end,
                case when o.status = 'cancelled' then o.at + interval '30 minutes' end,
                case when o.status = 'cancelled' then 'expired'::order_cancel_reason end,
                case when o.status = 'shipped' then o.at + interval '1 day' end,
                o.at,
                o.at + case o.status when 'shipped' then interval '1 day'
                                     when 'cancelled' then interval '30 minutes'
                                     when 'paid' then interval '5 minutes'
                                     else interval '0' end
         from placed o cross join cs`,
        [first, last],
      );
    }
    // As autovacuum would soon after such an insert: done now, it does not run during the timing.
    await db.query('vacuum analyze orders');
    await db.query('vacuum analyze order_lines');
    // And the pages the insert dirtied are written out now, not by a checkpoint in the middle
    // of the timing, whose writes the reads' p99 would measure.
    await db.query('checkpoint');
  });
}

/** A statement with its values, as node-postgres takes it. */
interface Statement {
  text: string;
  values: unknown[];
}

/** The address of each read, whose token it is sent with, and its ceiling's database work. */
interface ReadRequest {
  path: string;
  token: string;
  /** What the ceiling asks the database to answer the read; null where the shop answers from
   * memory (the overview, added up once per change). */
  statement: Statement | null;
}

/**
 * A page of orders as the ceiling reads it, as the shop's own statement does: every column, the
 * lines as one JSON value and the position a cursor is made of, on the index the shop's query
 * uses, with its values (the limit among them) as parameters, and one row more than the page,
 * which says whether another follows. `where` narrows it with `values`. Where the shop has a key
 * from the session or the cursor (the customer's id, the last order's position), the ceiling
 * looks it up by its unique index in the same statement: a little more work than the shop's.
 */
function orderPageStatement(where: string, values: unknown[], size: number): Statement {
  const lines = `select coalesce(json_agg(json_build_object('partId', l.part_id, 'partName', l.part_name,
      'unitPriceCents', l.unit_price_cents, 'quantity', l.quantity, 'totalCents', l.total_cents)
      order by l.position), '[]'::json) from order_lines l where l.order_id = o.id`;
  const position = `to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  return {
    text: `select o.*, (${lines}) as lines, ${position} as position from orders o ${where}
           order by o.created_at desc, o.id desc limit $${values.length + 1}`,
    values: [...values, size + 1],
  };
}

/**
 * The cursor of the page 9 in 10 of the way through the admin's list, by following `next`, and
 * the id of the last order before it.
 */
async function deepCursor(
  base: string,
  token: string,
  orders: number,
): Promise<{ cursor: string; after: string }> {
  const pages = Math.ceil(orders / ADMIN_LIST_PAGE_SIZE);
  let cursor: string | null = null;
  let after: string | undefined;
  for (let page = 1; page < Math.max(2, Math.floor(pages * 0.9)); page++) {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const answer = await expectStatus(
      request(base, 'GET', `/api/manage/orders${query}`, {
        headers: { authorization: `Bearer ${token}` },
      }),
      200,
      'a page of Manage Orders',
    );
    const { orders: shown, next } = JSON.parse(answer.body) as {
      orders: { _id: string }[];
      next: string | null;
    };
    if (!next) break;
    cursor = next;
    after = shown.at(-1)?._id;
  }
  if (!cursor || !after) throw new Error('Manage Orders has a single page');
  return { cursor, after };
}

async function readsOf(
  base: string,
  shop: PreparedShop,
  orders: number,
): Promise<Record<OrderRead, ReadRequest>> {
  const admin = shop.adminToken;
  const customer = shop.customers[0];
  if (!customer) throw new Error('no customer to read My Orders');
  const deep = await deepCursor(base, admin, orders);
  return {
    'Manage Orders, first page': {
      path: '/api/manage/orders',
      token: admin,
      statement: orderPageStatement('', [], ADMIN_LIST_PAGE_SIZE),
    },
    // "Pending" on the page: paid, not yet shipped.
    'Manage Orders, paid only': {
      path: '/api/manage/orders?state=pending',
      token: admin,
      statement: orderPageStatement('where o.status = $1', ['paid'], ADMIN_LIST_PAGE_SIZE),
    },
    'Manage Orders, a deep page': {
      path: `/api/manage/orders?cursor=${encodeURIComponent(deep.cursor)}`,
      token: admin,
      statement: orderPageStatement(
        'where (o.created_at, o.id) < (select created_at, id from orders where id = $1)',
        [deep.after],
        ADMIN_LIST_PAGE_SIZE,
      ),
    },
    Overview: { path: '/api/overview', token: admin, statement: null },
    // The first page, as the My Orders page asks for it (the spec's full list stays for its
    // clients: `GET /api/orders?userEmail=`).
    'My Orders': {
      path: '/api/my-orders',
      token: customer.token,
      statement: orderPageStatement(
        'where o.user_id = (select id from users where email = $1)',
        [customer.email],
        MY_ORDERS_PAGE_SIZE,
      ),
    },
  };
}

/**
 * The read ceiling on the history's PostgreSQL database, answering each read (at
 * `/reads/<its index in ORDER_READS>`) with the body, ETag and type the shop answers it with
 * now. Each statement is run once first, and must read the orders the shop's page shows (and
 * one more exactly when the page has a `next`): a ceiling reading another page would judge
 * nothing.
 */
async function startReadCeiling(
  session: Session,
  base: string,
  databaseUrl: string,
  reads: Record<OrderRead, ReadRequest>,
): Promise<RunningServer> {
  const answers = [];
  for (const read of ORDER_READS) {
    const { path: address, token, statement } = reads[read];
    const answer = await expectStatus(
      request(base, 'GET', address, { headers: { authorization: `Bearer ${token}` } }),
      200,
      read,
    );
    if (statement) await expectSamePage(databaseUrl, read, statement, answer.body);
    answers.push({
      body: answer.body,
      etag: answer.headers.etag ?? null,
      contentType: String(answer.headers['content-type']),
      statement,
    });
  }
  const readsFile = path.join(session.work, 'order-reads.json');
  writeFileSync(readsFile, JSON.stringify(answers));
  return startServer({
    program: 'read-ceiling',
    port: PORTS.readCeiling,
    cwd: session.cwd,
    env: { CEILING_READS_FILE: readsFile, DATABASE_URL: databaseUrl },
  });
}

async function expectSamePage(
  databaseUrl: string,
  read: OrderRead,
  statement: Statement,
  shopBody: string,
): Promise<void> {
  const shown = JSON.parse(shopBody) as { orders: { _id: string }[]; next: string | null };
  const rows = (await withSql({ url: databaseUrl }, (db) =>
    db.query(statement.text, statement.values),
  )) as { rows: { id: string }[] };
  const ids = rows.rows.map((row) => row.id);
  const expected = shown.orders.map((order) => order._id);
  const same =
    ids.length === expected.length + (shown.next ? 1 : 0) &&
    expected.every((id, i) => ids[i] === id);
  if (!same) throw new Error(`the ceiling of "${read}" reads other orders than the shop shows`);
}

const byRead = (figure: (read: OrderRead) => number) =>
  Object.fromEntries(ORDER_READS.map((read) => [read, figure(read)])) as Record<OrderRead, number>;

/**
 * Each read warmed up, then timed in rounds, each round timing every read once, in an order that
 * rotates from round to round: the machine's load of the moment weighs on every read alike. With
 * a ceiling (`ceilingBase`), each read's burst is paired with one of its ceiling, back to back
 * (`pairInTurn`; an even number of rounds, so each side goes first as often). A read's figure is the median of its rounds' p99s, and its ratio the median of
 * its pairs' ratios: one round caught by the database's checkpoint or a neighbour's burst on the
 * shared machine does not decide it, while a read that got slower is slower in most rounds.
 */
async function p99sOf(
  base: string,
  reads: Record<OrderRead, ReadRequest>,
  ceilingBase?: string,
): Promise<Omit<OrderGrowthStep, 'orders'>> {
  const rounds = new Map<OrderRead, Pair<number>[]>(ORDER_READS.map((read) => [read, []]));
  const errors = { shop: 0, ceiling: 0 };
  const time = async (
    side: keyof typeof errors,
    url: string,
    headers: Record<string, string>,
    seconds: number,
  ) => {
    const latencies: number[] = [];
    const result = await burst({ url, seconds, headers, latencies });
    errors[side] += result.errors;
    return percentile(latencies, 99);
  };
  const timeShop = (read: OrderRead, seconds: number) =>
    time(
      'shop',
      `${base}${reads[read].path}`,
      { authorization: `Bearer ${reads[read].token}` },
      seconds,
    );
  const timeCeiling = (read: OrderRead, seconds: number) =>
    ceilingBase
      ? time('ceiling', `${ceilingBase}/reads/${ORDER_READS.indexOf(read)}`, {}, seconds)
      : Promise.resolve(Number.NaN);
  for (const read of ORDER_READS) {
    await timeShop(read, ORDER_GROWTH.warmupSeconds);
    await timeCeiling(read, ORDER_GROWTH.warmupSeconds);
  }
  for (let round = 0; round < ORDER_GROWTH.rounds; round++) {
    for (let i = 0; i < ORDER_READS.length; i++) {
      const read = ORDER_READS[(i + round) % ORDER_READS.length];
      if (!read) continue;
      const seconds = ORDER_GROWTH.roundSeconds;
      const pair = await pairInTurn(
        round,
        () => timeShop(read, seconds),
        () => timeCeiling(read, seconds),
      );
      rounds.get(read)?.push(pair);
    }
  }
  const pairs = (read: OrderRead) => rounds.get(read) ?? [];
  return {
    p99: byRead((read) => median(pairs(read).map((pair) => pair.figure))),
    ceiling: ceilingBase
      ? {
          p99: byRead((read) => median(pairs(read).map((pair) => pair.ceiling))),
          ratio: byRead((read) => median(pairs(read).map((pair) => pair.figure / pair.ceiling))),
          errors: errors.ceiling,
        }
      : undefined,
    errors: errors.shop,
  };
}

/** An order history to grow: its database, how a shop on it starts, and who reads it. */
export interface OrderHistory {
  database: GrowthDatabase;
  target: SqlTarget;
  /** Called with the shop stopped (PGlite's data directory has one owner at a time). */
  startShop: () => Promise<RunningServer>;
  shop: PreparedShop;
}

/** The data directory the PGlite shop ran on (stopped by now), its catalog grown already. */
export function pgliteOrderHistory(
  session: Session,
  dataDir: string,
  shop: PreparedShop,
): OrderHistory {
  return {
    database: 'PGlite',
    target: { dataDir },
    shop,
    startShop: () =>
      startServer({
        program: 'bench',
        port: PORTS.orderGrowth,
        cwd: session.cwd,
        env: shopEnv(PORTS.orderGrowth, { DATA_DIR: dataDir }),
      }),
  };
}

/**
 * A fresh PostgreSQL database with the demo shop, its admin and a customer signed in, and the
 * catalog grown to GROWTH.parts parts; dropped when the session ends.
 */
export async function postgresOrderHistory(session: Session): Promise<OrderHistory> {
  const database = await createBenchDatabase(adminDatabaseUrl());
  session.onEnd(() => database.drop());
  const dataDir = path.join(session.work, 'postgres-growth-uploads');
  // The same secret at every start: the tokens signed in before stay valid.
  const secret = randomBytes(32).toString('base64');
  const startShop = () =>
    startServer({
      program: 'server',
      port: PORTS.orderGrowthPostgres,
      cwd: session.cwd,
      env: shopEnv(PORTS.orderGrowthPostgres, {
        DATABASE_URL: database.url,
        AUTH_SECRET: secret,
        SEED_DEMO: 'true',
        DATA_DIR: dataDir,
      }),
    });
  const server = await startShop();
  let shop: PreparedShop;
  try {
    shop = await prepareShop(server.base, { customers: 1, tag: 'pg-growth', dataDir });
  } finally {
    await server.stop();
  }
  const target = { url: database.url };
  await addParts(target, GROWTH.parts);
  return { database: 'PostgreSQL', target, shop, startShop };
}

/**
 * Grows the history size by size (ORDER_GROWTH.steps, or only the largest of them), with its shop
 * stopped, and times the reads at each.
 */
export async function measureOrderGrowth(
  session: Session,
  history: OrderHistory,
  { largestOnly = false } = {},
): Promise<OrderGrowthStep[]> {
  const steps: OrderGrowthStep[] = [];
  const sizes = largestOnly ? [Math.max(...ORDER_GROWTH.steps)] : ORDER_GROWTH.steps;
  let seeded = 0;
  for (const orders of sizes) {
    await seedOrders(history.target, seeded, orders);
    seeded = orders;
    const server = await history.startShop();
    session.onEnd(() => server.stop());
    let ceiling: RunningServer | undefined;
    try {
      const reads = await readsOf(server.base, history.shop, orders);
      // PGlite's data directory has one owner, the shop: its reads are reported, not judged, and
      // have no ceiling.
      if ('url' in history.target) {
        ceiling = await startReadCeiling(session, server.base, history.target.url, reads);
      }
      steps.push({ orders, ...(await p99sOf(server.base, reads, ceiling?.base)) });
    } finally {
      await ceiling?.stop();
      await server.stop();
    }
  }
  return steps;
}

/** Draws how each read grew with the history, for docs/performance.md. */
export function drawOrderGrowth(
  database: GrowthDatabase,
  steps: readonly OrderGrowthStep[],
  goalMs: number,
): void {
  writeFileSync(ORDER_GROWTH_CHARTS[database], growthChart(steps, goalMs, database));
}

const COLORS = ['#1d4ed8', '#b45309', '#047857', '#7c3aed', '#be123c'];

/**
 * The p99 of each read against the number of orders (a log scale: each step is ten times the
 * last), as an SVG a reader sees at a glance: flat lines are reads that do not grow with history.
 */
export function growthChart(
  steps: readonly OrderGrowthStep[],
  goalMs: number,
  database: GrowthDatabase,
): string {
  const width = 640;
  const height = 360;
  const left = 56;
  const right = 220;
  const top = 40;
  const bottom = 48;
  const plotWidth = width - left - right;
  const plotHeight = height - top - bottom;
  const most = Math.max(
    goalMs,
    ...steps.flatMap((step) => ORDER_READS.map((read) => step.p99[read])),
  );
  const yTop = Math.ceil(most / 10) * 10;
  const logs = steps.map((step) => Math.log10(step.orders));
  const lowest = Math.min(...logs);
  const span = Math.max(1, Math.max(...logs) - lowest);
  const x = (orders: number) => left + ((Math.log10(orders) - lowest) / span) * plotWidth;
  const y = (ms: number) => top + plotHeight - (ms / yTop) * plotHeight;
  const gridLines = [0, 0.25, 0.5, 0.75, 1].map((share) => {
    const ms = share * yTop;
    return (
      `<line x1="${left}" x2="${left + plotWidth}" y1="${y(ms)}" y2="${y(ms)}" stroke="#e5e7eb"/>` +
      `<text x="${left - 8}" y="${y(ms) + 4}" text-anchor="end">${ms.toFixed(0)}</text>`
    );
  });
  const goal =
    `<line x1="${left}" x2="${left + plotWidth}" y1="${y(goalMs)}" y2="${y(goalMs)}" stroke="#6b7280" stroke-dasharray="6 4"/>` +
    `<text x="${left + plotWidth}" y="${y(goalMs) - 6}" text-anchor="end" fill="#4b5563">goal: ${goalMs} ms</text>`;
  const xLabels = steps.map(
    (step) =>
      `<text x="${x(step.orders)}" y="${top + plotHeight + 20}" text-anchor="middle">${step.orders.toLocaleString('en')}</text>`,
  );
  const series = ORDER_READS.map((read, i) => {
    const color = COLORS[i % COLORS.length] ?? '#000';
    const points = steps.map((step) => `${x(step.orders)},${y(step.p99[read])}`).join(' ');
    const dots = steps
      .map(
        (step) =>
          `<circle cx="${x(step.orders)}" cy="${y(step.p99[read])}" r="3" fill="${color}"/>`,
      )
      .join('');
    const legendY = top + 12 + i * 22;
    return (
      `<polyline points="${points}" fill="none" stroke="${color}" stroke-width="2"/>${dots}` +
      `<line x1="${width - right + 16}" x2="${width - right + 36}" y1="${legendY - 4}" y2="${legendY - 4}" stroke="${color}" stroke-width="2"/>` +
      `<text x="${width - right + 42}" y="${legendY}">${read}</text>`
    );
  });
  const caption = steps
    .map(
      (step) =>
        `${step.orders.toLocaleString('en')} orders: ` +
        ORDER_READS.map((read) => `${read} ${step.p99[read].toFixed(1)} ms`).join(', '),
    )
    .join('; ');
  const description = `${caption}. The goal is ${goalMs} ms.`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="title desc" font-family="sans-serif" font-size="12" fill="#111827">
<title id="title">p99 of the order reads at 10 connections on ${database}, by the number of orders</title>
<desc id="desc">${description}</desc>
<rect width="${width}" height="${height}" fill="#fff"/>
<text x="${left}" y="22" font-size="14" font-weight="bold">p99 (ms) of each read at 10 connections on ${database}, by orders in the shop</text>
${gridLines.join('\n')}
${goal}
${xLabels.join('\n')}
<text x="${left + plotWidth / 2}" y="${height - 10}" text-anchor="middle">orders (log scale)</text>
${series.join('\n')}
</svg>
`;
}
