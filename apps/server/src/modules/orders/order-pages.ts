import { createHash } from 'node:crypto';

import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';

import {
  ADMIN_LIST_PAGE_SIZE,
  type AdminOrdersQuery,
  MY_ORDERS_PAGE_SIZE,
  type MyOrdersQuery,
  type OrderState,
} from '@apex/contract';

import type { Database } from '../../db/client';
import { type OrderRow, orders, type OrderWithLines } from '../../db/schema';
import type { Viewer } from '../../lib/identity';
import {
  decodeCursor,
  olderThanPosition,
  positionTime,
  startsWith,
  toCursorPage,
} from '../../lib/keyset';
import { orderWithLines } from './lines';

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const statusOfState: Record<OrderState, OrderRow['status']> = {
  unpaid: 'unpaid',
  pending: 'paid',
  shipped: 'shipped',
  cancelled: 'cancelled',
};

/** Which orders a page is of: Manage Orders' filter, or one customer's own (My Orders). */
export type OrderPageQuery = AdminOrdersQuery & { ownerId?: string };

/** What a page asks for, as conditions on `orders`; each shape has its index. */
export function orderPageWhere({ state, q, cursor, ownerId }: OrderPageQuery): SQL | undefined {
  return and(
    // Given, even empty, it narrows: a missing id never widens a customer's page to everyone's.
    ownerId === undefined ? undefined : eq(orders.userId, ownerId),
    state ? eq(orders.status, statusOfState[state]) : undefined,
    q ? or(startsWith(orders.userEmail, q), startsWith(orders.userName, q)) : undefined,
    olderThanPosition(orders.createdAt, orders.id, decodeCursor(cursor, ORDER_ID), 'uuid'),
  );
}

/** The keys of one page of orders: what identifies it and what its ETag is made of. */
export function orderPageKeys(db: Database, query: OrderPageQuery, limit: number) {
  return db
    .select({
      id: orders.id,
      position: positionTime(orders.createdAt),
      status: orders.status,
      updatedAt: orders.updatedAt,
    })
    .from(orders)
    .where(orderPageWhere(query))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit + 1);
}

/** The orders of a page, with their lines, newest first. */
export function orderPageRows(db: Database, ids: string[]) {
  return db
    .select(orderWithLines)
    .from(orders)
    .where(inArray(orders.id, ids))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/** A page's orders with their lines and positions, in one statement. */
export function orderPageWhole(db: Database, query: OrderPageQuery, limit: number) {
  return db
    .select({ ...orderWithLines, position: positionTime(orders.createdAt) })
    .from(orders)
    .where(orderPageWhere(query))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit + 1);
}

export interface OrdersPage {
  /** Changes when any order of the page is placed, paid, shipped, cancelled or deleted. */
  etag: string;
  next: string | null;
  /** The page's orders with their lines: read only when the client's copy is out of date. */
  read(): Promise<OrderWithLines[]>;
}

/** The ETag of a page: a digest of its orders' ids, states and last changes, and of its `next`. */
function etagOf(
  page: readonly Pick<OrderRow, 'id' | 'status' | 'updatedAt'>[],
  next: string | null,
): string {
  const digest = createHash('sha256');
  for (const order of page) {
    digest.update(`${order.id} ${order.status} ${order.updatedAt.getTime()}\n`);
  }
  digest.update(next ?? 'last');
  return `"orders-page-${digest.digest('base64url').slice(0, 27)}"`;
}

/**
 * Orders a page at a time, newest first: Manage Orders' (decision 014), and each customer's own
 * (My Orders). A list's refresh asks for the pages it shows again with their ETags (`held`): the
 * page's keys are read first, from one index range without the lines, so a page nobody changed
 * costs one small query and answers 304. A client that holds no copy gets the page in one
 * statement. Nothing is kept in the process, so any instance answers alike.
 */
export function createOrderPages(db: Database) {
  async function pageOfOrders(
    query: OrderPageQuery,
    { held, limit = ADMIN_LIST_PAGE_SIZE }: { held: boolean; limit?: number },
  ): Promise<OrdersPage> {
    if (!held) {
      const rows = await orderPageWhole(db, query, limit);
      const { page, next } = toCursorPage(rows, limit);
      const whole = page.map(({ position: _, ...order }) => order);
      return { etag: etagOf(page, next), next, read: () => Promise.resolve(whole) };
    }
    const keys = await orderPageKeys(db, query, limit);
    const { page, next } = toCursorPage(keys, limit);
    const ids = page.map((key) => key.id);
    return {
      etag: etagOf(page, next),
      next,
      read: async () => (ids.length === 0 ? [] : orderPageRows(db, ids)),
    };
  }

  return {
    pageOfOrders,
    /** A customer's own orders (My Orders): the viewer's, whoever asks. */
    pageOfOwnOrders: (viewer: Viewer, { cursor }: MyOrdersQuery, { held }: { held: boolean }) =>
      pageOfOrders({ ownerId: viewer.id, cursor }, { held, limit: MY_ORDERS_PAGE_SIZE }),
  };
}
