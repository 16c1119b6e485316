// The reads of a grown order history that the bench times: the admin's Manage Orders and
// Overview, and a customer's My Orders, each with the database work its bare read does.
import { ADMIN_LIST_PAGE_SIZE, MY_ORDERS_PAGE_SIZE } from '@apex/contract';

import { expectStatus, request } from '../lib/http';
import type { PreparedShop } from '../lib/shop';
import { type SqlTarget, withSql } from '../lib/sql';

/** The reads timed at each size, as the pages that make them name them. */
export const ORDER_READS = [
  'Manage Orders, first page',
  'Manage Orders, paid only',
  'Manage Orders, a deep page',
  'Overview',
  'My Orders',
] as const;
export type OrderRead = (typeof ORDER_READS)[number];

/** A statement with its values, as node-postgres takes it. */
export interface Statement {
  text: string;
  values: unknown[];
}

/** The address of each read, whose token it is sent with, and its ceiling's database work. */
export interface ReadRequest {
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

/** Where a deep page of Manage Orders starts: its cursor, and the last order before it. */
export interface DeepPage {
  cursor: string;
  after: string;
}

/**
 * The cursor of the page 9 in 10 of the way through the admin's list, read from the database
 * while the shop is stopped: following `next` to it took 1,800 requests. It is the cursor the
 * shop hands out as a page's `next`, the last order's position and id
 * (`apps/server/src/lib/keyset.ts`), and `readsOf` checks that the shop takes it.
 */
export async function deepPageOf(target: SqlTarget, orders: number): Promise<DeepPage> {
  const pages = Math.ceil(orders / ADMIN_LIST_PAGE_SIZE);
  const shownBefore = (Math.max(2, Math.floor(pages * 0.9)) - 1) * ADMIN_LIST_PAGE_SIZE;
  const result = (await withSql(target, (db) =>
    db.query(
      `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as position, id
       from orders order by created_at desc, id desc offset $1 limit 1`,
      [shownBefore - 1],
    ),
  )) as { rows: { position: string; id: string }[] };
  const [last] = result.rows;
  if (!last) throw new Error(`fewer than ${shownBefore} orders for a deep page`);
  return {
    cursor: Buffer.from(`${last.position} ${last.id}`).toString('base64url'),
    after: last.id,
  };
}

export async function readsOf(
  base: string,
  shop: PreparedShop,
  deep: DeepPage,
): Promise<Record<OrderRead, ReadRequest>> {
  const admin = shop.adminToken;
  const customer = shop.customers[0];
  if (!customer) throw new Error('no customer to read My Orders');
  const deepPath = `/api/manage/orders?cursor=${encodeURIComponent(deep.cursor)}`;
  const page = await expectStatus(
    request(base, 'GET', deepPath, { headers: { authorization: `Bearer ${admin}` } }),
    200,
    'a deep page of Manage Orders',
  );
  if ((JSON.parse(page.body) as { orders: unknown[] }).orders.length === 0) {
    throw new Error('the deep page of Manage Orders shows no orders');
  }
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
      path: deepPath,
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
