import { randomUUID } from 'node:crypto';

import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { AdminOrdersPage, AdminUsersPage, MyOrdersPage } from '@apex/contract';

import { type Caller, signUp, signUpAdmin } from '../../../test/accounts-helpers';
import { makeOrder, makePart } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { orders, type PartRow, users } from '../../db/schema';

const t = useTestApp();

type Customer = { id: string; name: string; email: string };

let customersMade = 0;

/**
 * A customer account, a second newer than the one made before: the embedded database's clock may
 * give accounts made in one millisecond the same time, which would leave their order to their ids.
 */
async function makeCustomer(name: string, email: string): Promise<Customer> {
  const customer = { id: randomUUID(), name, email };
  const createdAt = new Date(Date.now() + ++customersMade * 1000);
  await t.app.database.db.insert(users).values({ ...customer, emailVerified: true, createdAt });
  return customer;
}

/** `n` orders of the customer's, one after the other, in one state. */
async function placeOrders(
  part: PartRow,
  customer: Customer,
  n: number,
  status: 'unpaid' | 'paid' | 'shipped' = 'unpaid',
) {
  const made = [];
  for (let i = 0; i < n; i++) {
    made.push(await makeOrder(t.app.database.db, { part, user: customer, status }));
  }
  return made;
}

const get = async (admin: Caller, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...admin.bearer, ...headers } });

async function ordersPage(admin: Caller, query: Record<string, string> = {}) {
  const res = await get(admin, `/api/manage/orders?${new URLSearchParams(query).toString()}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminOrdersPage>();
}

async function usersPage(admin: Caller, query: Record<string, string> = {}) {
  const res = await get(admin, `/api/manage/users?${new URLSearchParams(query).toString()}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminUsersPage>();
}

const ids = (page: AdminOrdersPage | MyOrdersPage) => page.orders.map((order) => order._id);

describe('GET /api/manage/orders', () => {
  it('pages newest first, 50 a page, and never skips or repeats an order while new ones arrive', async () => {
    const admin = await signUpAdmin(t.app);
    const part = await makePart(t.app.database.db, { stock: 10_000 });
    const ada = await makeCustomer('Ada', 'ada@example.com');
    await placeOrders(part, ada, 120);
    // Every order in one millisecond, pairs in one microsecond: only the database's own time
    // and then the id tell them apart, and a page boundary falls among them.
    await t.app.database.db.execute(
      sql`update orders set created_at = timestamptz '2026-01-01 00:00:00.5+00' + (numbered.n / 2) * interval '1 microsecond'
          from (select id, row_number() over (order by id) as n from orders) numbered
          where numbered.id = orders.id`,
    );
    const expected = (
      await t.app.database.db
        .select({ id: orders.id })
        .from(orders)
        .orderBy(sql`created_at desc, id desc`)
    ).map((row) => row.id);

    const seen: string[] = [];
    let page = await ordersPage(admin);
    expect(page.orders).toHaveLength(50);
    seen.push(...ids(page));
    while (page.next) {
      // Customers keep ordering while the admin reads: the new orders are above, not in, the pages.
      await placeOrders(part, ada, 7);
      page = await ordersPage(admin, { cursor: page.next });
      seen.push(...ids(page));
    }
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(120);
  });

  it('goes on after the last order of a page even once that order is deleted', async () => {
    const admin = await signUpAdmin(t.app);
    const part = await makePart(t.app.database.db, { stock: 10_000 });
    const ada = await makeCustomer('Ada', 'ada@example.com');
    await placeOrders(part, ada, 55);
    const first = await ordersPage(admin);
    const last = first.orders.at(-1);
    if (!last || !first.next) throw new Error('expected a second page');
    await t.app.database.db.delete(orders).where(eq(orders.id, last._id));
    const second = await ordersPage(admin, { cursor: first.next });
    expect(second.orders).toHaveLength(5);
    expect(second.next).toBeNull();
  });

  it('filters by state and searches by the start of the e-mail or name, in any case', async () => {
    const admin = await signUpAdmin(t.app);
    const part = await makePart(t.app.database.db, { stock: 10_000 });
    const ada = await makeCustomer('Ada Lovelace', 'ada@example.com');
    const grace = await makeCustomer('Grace Hopper', 'grace.h@navy.example');
    const [unpaid] = await placeOrders(part, ada, 1);
    const [paid] = await placeOrders(part, grace, 1, 'paid');
    const [shipped] = await placeOrders(part, ada, 1, 'shipped');

    expect(ids(await ordersPage(admin, { state: 'unpaid' }))).toEqual([unpaid?.id]);
    expect(ids(await ordersPage(admin, { state: 'pending' }))).toEqual([paid?.id]);
    expect(ids(await ordersPage(admin, { state: 'shipped' }))).toEqual([shipped?.id]);
    expect(ids(await ordersPage(admin, { state: 'cancelled' }))).toEqual([]);
    expect(ids(await ordersPage(admin, { q: 'GRACE.H@' }))).toEqual([paid?.id]);
    expect(ids(await ordersPage(admin, { q: 'ada lo' }))).toEqual([shipped?.id, unpaid?.id]);
    expect(ids(await ordersPage(admin, { q: ' Ada ', state: 'unpaid' }))).toEqual([unpaid?.id]);
    // Only the start: an address's middle or a surname alone find nothing.
    expect(ids(await ordersPage(admin, { q: 'example' }))).toEqual([]);
  });

  it('takes a hostile search as plain text: wildcards and quotes match only themselves', async () => {
    const admin = await signUpAdmin(t.app);
    const part = await makePart(t.app.database.db, { stock: 10_000 });
    const plain = await makeCustomer('Plain', 'plain@example.com');
    const odd = await makeCustomer("100%_o'brien\\x", 'odd@example.com');
    await placeOrders(part, plain, 1);
    const [oddOrder] = await placeOrders(part, odd, 1);

    for (const q of ['%', '_', '%%', '\\', "' OR '1'='1", '1)) OR pg_sleep(5) --', '$1']) {
      const found = ids(await ordersPage(admin, { q }));
      expect(found, q).toEqual([]);
    }
    for (const q of ['100%', '100%_', "100%_o'", "100%_O'BRIEN\\"]) {
      expect(ids(await ordersPage(admin, { q })), q).toEqual([oddOrder?.id]);
    }
  });

  it('refuses a state it does not know, a search too long and a cursor it did not hand out', async () => {
    const admin = await signUpAdmin(t.app);
    const made = (text: string) => Buffer.from(text).toString('base64url');
    const refused = [
      'state=paid',
      'state=UNPAID',
      `q=${'a'.repeat(255)}`,
      'cursor=not-a-cursor!',
      `cursor=${'A'.repeat(201)}`,
      `cursor=${made('2026-02-30T00:00:00.000000Z 6f1c1a5e-0000-4000-8000-000000000000')}`,
      `cursor=${made('2026-01-01T00:00:00.000000Z drop-table')}`,
      `cursor=${made('2026-01-01T00:00:00Z 6f1c1a5e-0000-4000-8000-000000000000')}`,
      `cursor=${made('2026-01-01T00:00:00.000000Z 6f1c1a5e-0000-4000-8000-000000000000 x')}`,
    ];
    for (const query of refused) {
      const res = await get(admin, `/api/manage/orders?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message, query).toMatch(/state|search|cursor/i);
    }
  });

  it('answers 304 while the page is unchanged, and the page as it is once an order on it changes', async () => {
    const admin = await signUpAdmin(t.app);
    const part = await makePart(t.app.database.db, { stock: 10_000 });
    const ada = await makeCustomer('Ada', 'ada@example.com');
    const [unpaid] = await placeOrders(part, ada, 1);
    const [paid] = await placeOrders(part, ada, 1, 'paid');

    const first = await get(admin, '/api/manage/orders');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"orders-page-/);
    // Orders name customers: no browser or proxy keeps them; the page holds its own copy.
    expect(first.headers['cache-control']).toBe('no-store');
    expect((await get(admin, '/api/manage/orders', { 'if-none-match': etag })).statusCode).toBe(
      304,
    );

    // Another admin ships one order and deletes the other.
    const other = await signUpAdmin(t.app, { email: 'second@example.com' });
    await t.app.inject({ method: 'PUT', url: `/api/allorders/${paid?.id}`, headers: other.bearer });
    const shippedNow = await get(admin, '/api/manage/orders', { 'if-none-match': etag });
    expect(shippedNow.statusCode).toBe(200);
    const shippedPage = shippedNow.json<AdminOrdersPage>();
    expect(shippedPage.orders.find((order) => order._id === paid?.id)?.status).toBe('shipped');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/allorders/${unpaid?.id}`,
      headers: other.bearer,
    });
    expect(deleted.statusCode).toBe(200);
    const after = await get(admin, '/api/manage/orders', {
      'if-none-match': shippedNow.headers.etag as string,
    });
    expect(after.statusCode).toBe(200);
    expect(ids(after.json<AdminOrdersPage>())).toEqual([paid?.id]);
  });
});

describe('GET /api/manage/users', () => {
  it('pages accounts newest first, 50 a page, and finds them by the start of an address or name', async () => {
    const admin = await signUpAdmin(t.app, { email: 'boss@example.com' });
    for (let i = 0; i < 60; i++) {
      await makeCustomer(`Customer ${i}`, `customer${String(i).padStart(2, '0')}@example.com`);
    }
    const grace = await makeCustomer('Grace_Hopper', 'grace@example.com');

    const first = await usersPage(admin);
    expect(first.users).toHaveLength(50);
    expect(first.users[0]?.email).toBe(grace.email);
    const second = await usersPage(admin, { cursor: first.next ?? '' });
    expect(second.next).toBeNull();
    const all = [...first.users, ...second.users].map((user) => user.email);
    expect(new Set(all).size).toBe(62);
    expect(all).toContain(admin.email);

    expect((await usersPage(admin, { q: 'GRACE' })).users.map((u) => u.email)).toEqual([
      grace.email,
    ]);
    expect((await usersPage(admin, { q: 'grace_' })).users).toHaveLength(1);
    expect((await usersPage(admin, { q: 'gr_ce' })).users).toHaveLength(0);
    expect((await usersPage(admin, { q: 'customer5' })).users).toHaveLength(10);
    expect((await usersPage(admin, { q: '%' })).users).toHaveLength(0);
    const bad = await get(admin, '/api/manage/users?cursor=%27%20OR%201%3D1');
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/my-orders', () => {
  const myOrders = async (customer: Caller, query: Record<string, string> = {}) => {
    const res = await get(customer, `/api/my-orders?${new URLSearchParams(query).toString()}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MyOrdersPage>();
  };

  it('pages the customer’s own orders newest first, 20 a page, never skipping or repeating one while new ones arrive', async () => {
    const part = await makePart(t.app.database.db, { stock: 10_000 });
    const ada = await signUp(t.app, { name: 'Ada', email: 'ada@example.com' });
    const [adaRow] = await t.app.database.db.select().from(users).where(eq(users.email, ada.email));
    if (!adaRow) throw new Error('no account');
    const grace = await makeCustomer('Grace', 'grace@example.com');
    for (let i = 0; i < 45; i++) {
      await placeOrders(part, adaRow, 1);
      await placeOrders(part, grace, 1);
    }
    const expected = (
      await t.app.database.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.userId, adaRow.id))
        .orderBy(sql`created_at desc, id desc`)
    ).map((row) => row.id);

    let page = await myOrders(ada);
    expect(page.orders).toHaveLength(20);
    const seen = ids(page);
    while (page.next) {
      await placeOrders(part, adaRow, 3);
      page = await myOrders(ada, { cursor: page.next });
      seen.push(...ids(page));
    }
    expect(seen).toEqual(expected);
    expect(page.orders.every((order) => order.userEmail === ada.email)).toBe(true);
  });

  it('answers 304 to a page the customer holds, until one of its orders changes', async () => {
    const part = await makePart(t.app.database.db, { stock: 10_000 });
    const ada = await signUp(t.app, { email: 'ada@example.com' });
    const [adaRow] = await t.app.database.db.select().from(users).where(eq(users.email, ada.email));
    if (!adaRow) throw new Error('no account');
    const [order] = await placeOrders(part, adaRow, 2);
    const first = await get(ada, '/api/my-orders');
    const etag = first.headers.etag;
    if (typeof etag !== 'string') throw new Error('no ETag');
    expect((await get(ada, '/api/my-orders', { 'if-none-match': etag })).statusCode).toBe(304);

    // Another customer's order changes nothing of Ada's page.
    await placeOrders(part, await makeCustomer('Grace', 'grace@example.com'), 1);
    expect((await get(ada, '/api/my-orders', { 'if-none-match': etag })).statusCode).toBe(304);

    await t.app.database.db
      .update(orders)
      .set({ status: 'paid', paidAt: new Date(), updatedAt: new Date() })
      .where(eq(orders.id, order?.id ?? ''));
    const changed = await get(ada, '/api/my-orders', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<MyOrdersPage>().orders.find((o) => o._id === order?.id)?.status).toBe(
      'pending',
    );
  });

  it('asks a visitor to sign in, and refuses a cursor it did not hand out', async () => {
    expect((await t.app.inject('/api/my-orders')).statusCode).toBe(401);
    const ada = await signUp(t.app);
    const bad = await get(ada, '/api/my-orders?cursor=%27%20OR%201%3D1');
    expect(bad.statusCode).toBe(400);
  });
});
