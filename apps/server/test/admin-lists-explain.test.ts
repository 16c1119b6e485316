import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AdminOrdersQuery, AdminUsersQuery } from '@apex/contract';

import type { Database } from '../src/db/client';
import { encodeCursor } from '../src/lib/keyset';
import { adminUserRows } from '../src/modules/accounts/service';
import {
  orderPageKeys,
  type OrderPageQuery,
  orderPageRows,
  orderPageWhole,
} from '../src/modules/orders/order-pages';
import { createTestApp, type TestApp } from './test-app';

// Manage Orders and Users must stay fast however many orders and accounts the shop keeps: at
// 100,000 of each, every query shape they ask must be served by an index (decision 014). The
// rows go in with one statement per table, straight into the database, so this stays quick.

const ROWS = 100_000;
let t: TestApp;
let db: Database;
/** A cursor 90,000 orders and accounts deep: the page an admin reaches after long paging. */
let deepOrder: string;
let deepUser: string;

async function plan(query: SQLWrapper): Promise<string> {
  const result: unknown = await db.execute(sql`explain ${query}`);
  const rows = (result as { rows: Record<string, string>[] }).rows;
  return rows.map((row) => Object.values(row).join(' ')).join('\n');
}

async function positionAt(table: 'orders' | 'users', offset: number): Promise<string> {
  const result: unknown = await db.execute(
    sql`select id::text as id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as position
        from ${sql.identifier(table)} order by created_at desc, id desc offset ${offset} limit 1`,
  );
  const [row] = (result as { rows: { id: string; position: string }[] }).rows;
  if (!row) throw new Error(`no ${table} row at ${offset}`);
  return encodeCursor({ createdAt: row.position, id: row.id });
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.app.database.db;
  await db.execute(sql`
    insert into users (id, name, email, email_verified, created_at, updated_at)
    select 'user-' || g, 'Customer ' || g, 'customer' || g || '@example.com', true,
           now() - g * interval '1 minute', now()
    from generate_series(1, ${ROWS}) g`);
  await db.execute(sql`
    insert into orders (total_cents, user_id, user_name, user_email, phone, address, status,
                        created_at, updated_at)
    select 1000 + g % 500, 'user-' || (1 + g % ${ROWS}), 'Customer ' || (1 + g % ${ROWS}),
           'customer' || (1 + g % ${ROWS}) || '@example.com', '+1 555 0100', '1 Pit Lane',
           (array['unpaid', 'paid', 'shipped', 'cancelled'])[1 + g % 4]::order_status,
           now() - g * interval '1 second', now()
    from generate_series(1, ${ROWS}) g`);
  await db.execute(sql`analyze orders`);
  await db.execute(sql`analyze users`);
  deepOrder = await positionAt('orders', 90_000);
  deepUser = await positionAt('users', 90_000);
}, 120_000);
afterAll(() => t.close());

describe('at 100,000 orders and accounts, Manage Orders and Users', () => {
  const orderShapes: [string, () => AdminOrdersQuery][] = [
    ['the first page', () => ({})],
    ['one state', () => ({ state: 'pending' })],
    ['a search', () => ({ q: 'customer4242' })],
    ['a search by name in one state', () => ({ q: 'Customer 77', state: 'unpaid' })],
    ['a page deep in the list', () => ({ cursor: deepOrder })],
    ['a page deep in one state', () => ({ state: 'shipped', cursor: deepOrder })],
    ['a page deep in a search', () => ({ q: 'customer1', cursor: deepOrder })],
  ];
  for (const [shape, query] of orderShapes) {
    it(`read ${shape} of the orders from an index, never the whole table`, async () => {
      const explained = await plan(orderPageKeys(db, query(), 50));
      expect(explained).not.toMatch(/Seq Scan on orders/);
      expect(explained).toMatch(/Index|Bitmap/);
    });
  }

  const ownShapes: [string, () => OrderPageQuery][] = [
    ['the first page', () => ({ ownerId: 'user-4242' })],
    ['a page deep in the list', () => ({ ownerId: 'user-4242', cursor: deepOrder })],
  ];
  for (const [shape, query] of ownShapes) {
    it(`read ${shape} of a customer's own orders (My Orders) in order from the customer's index`, async () => {
      const explained = await plan(orderPageKeys(db, query(), 20));
      expect(explained).not.toMatch(/Seq Scan on orders/);
      expect(explained).toMatch(/orders_user_idx/);
      // The index holds the orders in the page's order, ids too: nothing is sorted.
      expect(explained).not.toMatch(/Sort/);
    });
  }

  it('read a whole page, its orders with their lines, from an index, for a client without a copy', async () => {
    for (const query of [{}, { state: 'pending' as const, cursor: deepOrder }]) {
      const explained = await plan(orderPageWhole(db, query, 50));
      expect(explained).not.toMatch(/Seq Scan on orders/);
      expect(explained).toMatch(/Index|Bitmap/);
    }
  });

  it('read the orders of a page, with their lines, by their ids', async () => {
    const keys = await orderPageKeys(db, {}, 50);
    const explained = await plan(
      orderPageRows(
        db,
        keys.map((key) => key.id),
      ),
    );
    expect(explained).not.toMatch(/Seq Scan on orders/);
  });

  const userShapes: [string, () => AdminUsersQuery][] = [
    ['the first page', () => ({})],
    ['a search', () => ({ q: 'customer4242' })],
    ['a search by name', () => ({ q: 'Customer 77' })],
    ['a page deep in the list', () => ({ cursor: deepUser })],
  ];
  for (const [shape, query] of userShapes) {
    it(`read ${shape} of the accounts from an index, never the whole table`, async () => {
      const explained = await plan(adminUserRows(db, query(), 50));
      expect(explained).not.toMatch(/Seq Scan on users/);
      expect(explained).toMatch(/Index|Bitmap/);
    });
  }
});
