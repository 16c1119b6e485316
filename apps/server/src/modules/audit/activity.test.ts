import { randomUUID } from 'node:crypto';

import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';

import type { ActivityEntry, ActivityPage } from '@apex/contract';

import { type Caller, newAdmin, signUp } from '../../../test/accounts-helpers';
import { makeOrder, makePart } from '../../../test/factories';
import { pngPicture } from '../../../test/pictures';
import { useTestApp } from '../../../test/test-app';
import { auditLog, users } from '../../db/schema';

const t = useTestApp();

/** A request as a test writes it: always to a path. */
type Request = InjectOptions & { url: string };

const as = (caller: Caller, request: Request) =>
  t.app.inject({ ...request, headers: { ...request.headers, ...caller.bearer } });

const activity = async (admin: Caller, before?: string) => {
  const res = await as(admin, {
    method: 'GET',
    url: before ? `/api/activity?before=${before}` : '/api/activity',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ActivityPage>();
};

const userIdOf = async (email: string) => {
  const [row] = await t.app.database.db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.email} = ${email}`);
  if (!row) throw new Error(`no account ${email}`);
  return row.id;
};

/** An order of the part, paid through the built-in processor as the payment page pays it. */
async function paidOrder(customer: Caller, partId: string): Promise<string> {
  const placed = await as(customer, {
    method: 'POST',
    url: '/api/orders',
    payload: { orderId: partId, orderQuantity: 2 },
  });
  const orderId = placed.json<{ insertedId: string }>().insertedId;
  const intent = await as(customer, {
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: { orderId },
  });
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/payments/builtin/confirm',
    payload: {
      clientSecret: intent.json<{ clientSecret: string }>().clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
    },
  });
  const transactionId = confirmed.json<{ paymentIntent: { id: string } }>().paymentIntent.id;
  const paid = await as(customer, {
    method: 'PATCH',
    url: `/api/orders/${orderId}`,
    payload: { transactionId },
  });
  expect(paid.statusCode).toBe(200);
  return orderId;
}

describe('GET /api/activity', () => {
  it('shows every admin action, newest first, with who, what, which, before and after', async () => {
    const admin = await newAdmin(t.app);
    const customer = await signUp(t.app, { name: 'Ada', email: 'ada@example.com' });
    const newcomer = await signUp(t.app, { name: 'Grace', email: 'grace@example.com' });

    const uploaded = await as(admin, {
      method: 'POST',
      url: '/api/part-images',
      headers: { 'content-type': 'image/png' },
      payload: pngPicture(),
    });
    const { image } = uploaded.json<{ image: string }>();
    const added = await as(admin, {
      method: 'POST',
      url: '/api/parts',
      payload: {
        name: 'Titanium Exhaust',
        minorder: 1,
        price: 1499.99,
        image,
        quantity: 20,
        description: 'A full titanium system.',
      },
    });
    const partId = added.json<{ insertedId: string }>().insertedId;
    const edited = await as(admin, {
      method: 'PUT',
      url: `/api/parts/${partId}`,
      payload: {
        name: 'Titanium Exhaust',
        minorder: 2,
        price: 1399,
        image,
        description: 'A full titanium system.',
        version: 1,
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(
      (
        await as(admin, {
          method: 'POST',
          url: `/api/parts/${partId}/restock`,
          payload: { units: 5 },
        })
      ).statusCode,
    ).toBe(200);
    const unpaid = await as(customer, {
      method: 'POST',
      url: '/api/orders',
      payload: { orderId: partId, orderQuantity: 3 },
    });
    const unpaidId = unpaid.json<{ insertedId: string }>().insertedId;
    expect(
      (await as(admin, { method: 'DELETE', url: `/api/allorders/${unpaidId}` })).statusCode,
    ).toBe(200);
    const paidId = await paidOrder(customer, partId);
    expect((await as(admin, { method: 'PUT', url: `/api/allorders/${paidId}` })).statusCode).toBe(
      200,
    );
    expect(
      (await as(admin, { method: 'PUT', url: `/api/user/admin/${newcomer.email}` })).statusCode,
    ).toBe(200);
    expect((await as(admin, { method: 'DELETE', url: `/api/parts/${partId}` })).statusCode).toBe(
      200,
    );

    const page = await activity(admin);
    expect(page.next).toBeNull();
    const adminId = await userIdOf(admin.email);
    for (const entry of page.entries) {
      expect(entry.actor).toEqual({ id: adminId, email: admin.email });
      expect(Date.parse(entry.createdAt)).not.toBeNaN();
    }
    const part = {
      name: 'Titanium Exhaust',
      image,
      description: 'A full titanium system.',
      onSale: true,
    };
    const what = (entry: ActivityEntry) => {
      const { action, subject, before, after } = entry;
      return { action, subject, before, after };
    };
    expect(page.entries.map(what)).toEqual([
      {
        action: 'part.archive',
        subject: { type: 'part', id: partId },
        before: { ...part, priceCents: 139_900, minOrder: 2, stock: 23 },
        after: { ...part, priceCents: 139_900, minOrder: 2, stock: 23, onSale: false },
      },
      {
        action: 'user.make-admin',
        subject: { type: 'user', id: await userIdOf(newcomer.email) },
        before: { email: 'grace@example.com', role: 'user' },
        after: { email: 'grace@example.com', role: 'admin' },
      },
      {
        action: 'order.ship',
        subject: { type: 'order', id: paidId },
        before: {
          status: 'paid',
          partName: 'Titanium Exhaust',
          quantity: 2,
          totalCents: 279_800,
          customer: 'ada@example.com',
        },
        after: {
          status: 'shipped',
          partName: 'Titanium Exhaust',
          quantity: 2,
          totalCents: 279_800,
          customer: 'ada@example.com',
        },
      },
      {
        action: 'order.delete',
        subject: { type: 'order', id: unpaidId },
        before: {
          status: 'unpaid',
          partName: 'Titanium Exhaust',
          quantity: 3,
          totalCents: 419_700,
          customer: 'ada@example.com',
        },
        after: null,
      },
      {
        action: 'part.restock',
        subject: { type: 'part', id: partId },
        before: { ...part, priceCents: 139_900, minOrder: 2, stock: 20 },
        after: { ...part, priceCents: 139_900, minOrder: 2, stock: 25 },
      },
      {
        action: 'part.edit',
        subject: { type: 'part', id: partId },
        before: { ...part, priceCents: 149_999, minOrder: 1, stock: 20 },
        after: { ...part, priceCents: 139_900, minOrder: 2, stock: 20 },
      },
      {
        action: 'part.add',
        subject: { type: 'part', id: partId },
        before: null,
        after: { ...part, priceCents: 149_999, minOrder: 1, stock: 20 },
      },
      {
        action: 'picture.upload',
        subject: { type: 'picture', id: image },
        before: null,
        after: { image },
      },
    ]);
  });

  it('writes nothing for an action that was refused or changed nothing', async () => {
    const admin = await newAdmin(t.app);
    const customer = await signUp(t.app);
    const owner = {
      id: await userIdOf(customer.email),
      name: customer.name,
      email: customer.email,
    };
    const part = await makePart(t.app.database.db, { stock: 999_999, minOrder: 1 });
    const unpaid = await makeOrder(t.app.database.db, { part, user: owner });
    const paid = await makeOrder(t.app.database.db, { part, user: owner, status: 'paid' });
    const edit = {
      name: 'Renamed',
      minorder: 1,
      price: 10,
      image: part.image,
      description: '',
    };

    const refused: [Caller, Request][] = [
      [admin, { method: 'PUT', url: `/api/parts/${part.id}`, payload: { ...edit, version: 7 } }],
      [customer, { method: 'PUT', url: `/api/parts/${part.id}`, payload: { ...edit, version: 1 } }],
      [admin, { method: 'POST', url: `/api/parts/${part.id}/restock`, payload: { units: 2 } }],
      [customer, { method: 'POST', url: `/api/parts/${part.id}/restock`, payload: { units: 1 } }],
      [admin, { method: 'PUT', url: `/api/allorders/${unpaid.id}` }],
      [admin, { method: 'DELETE', url: `/api/allorders/${paid.id}` }],
      [customer, { method: 'DELETE', url: `/api/allorders/${unpaid.id}` }],
      [customer, { method: 'DELETE', url: `/api/parts/${part.id}` }],
      [customer, { method: 'PUT', url: `/api/user/admin/${customer.email}` }],
      // Already an admin: nothing changes, so there is nothing to account for.
      [admin, { method: 'PUT', url: `/api/user/admin/${admin.email}` }],
    ];
    for (const [caller, request] of refused) {
      const res = await as(caller, request);
      expect([200, 403, 409], `${request.method} ${request.url}`).toContain(res.statusCode);
    }
    expect((await activity(admin)).entries).toEqual([]);
  });

  it('writes a change and its entry together: a change whose entry cannot be written is not made', async () => {
    const admin = await newAdmin(t.app);
    const customer = await signUp(t.app, { email: 'ada@example.com' });
    const owner = {
      id: await userIdOf(customer.email),
      name: customer.name,
      email: customer.email,
    };
    const part = await makePart(t.app.database.db, { stock: 10, minOrder: 1 });
    const unpaid = await makeOrder(t.app.database.db, { part, user: owner, quantity: 3 });
    const paid = await makeOrder(t.app.database.db, { part, user: owner, status: 'paid' });
    const before = await t.app.inject({ method: 'GET', url: `/api/parts/${part.id}` });

    // The log refuses every entry for a moment, as a full disk or a lost connection would.
    await t.app.database.db.execute(
      sql`alter table audit_log add constraint audit_log_refuses_all check (false) not valid`,
    );
    try {
      const attempts: Request[] = [
        { method: 'POST', url: `/api/parts/${part.id}/restock`, payload: { units: 5 } },
        {
          method: 'PUT',
          url: `/api/parts/${part.id}`,
          payload: {
            name: 'Renamed',
            minorder: 1,
            price: 1,
            image: part.image,
            description: '',
            version: 1,
          },
        },
        { method: 'DELETE', url: `/api/parts/${part.id}` },
        { method: 'DELETE', url: `/api/allorders/${unpaid.id}` },
        { method: 'PUT', url: `/api/allorders/${paid.id}` },
        { method: 'PUT', url: `/api/user/admin/${customer.email}` },
      ];
      for (const request of attempts) {
        expect((await as(admin, request)).statusCode, `${request.method} ${request.url}`).toBe(500);
      }
    } finally {
      await t.app.database.db.execute(
        sql`alter table audit_log drop constraint audit_log_refuses_all`,
      );
    }

    t.app.catalog.invalidate();
    const after = await t.app.inject({ method: 'GET', url: `/api/parts/${part.id}` });
    expect(after.json()).toEqual(before.json());
    const order = (id: string) => as(customer, { method: 'GET', url: `/api/order/${id}` });
    expect((await order(unpaid.id)).json()).toMatchObject({ payment: 'false' });
    expect((await order(paid.id)).json()).toMatchObject({ status: 'pending' });
    const role = await as(customer, { method: 'GET', url: `/api/admin/${customer.email}` });
    expect(role.json()).toEqual({ admin: false });
  });

  it('pages 50 entries at a time, newest first, none skipped or repeated, even at one instant', async () => {
    const admin = await newAdmin(t.app);
    const entry = (n: number) => ({
      actorId: 'someone',
      actorEmail: 'someone@example.com',
      action: 'part.restock',
      subjectType: 'part',
      subjectId: `part-${n}`,
      before: { stock: n },
      after: { stock: n + 1 },
    });
    // 80 entries written in one statement share one timestamp; 40 more come later, one by one.
    await t.app.database.db.insert(auditLog).values(Array.from({ length: 80 }, (_, n) => entry(n)));
    for (let n = 80; n < 120; n++) await t.app.database.db.insert(auditLog).values(entry(n));
    const everyEntry = await t.app.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .orderBy(sql`${auditLog.createdAt} desc, ${auditLog.id} desc`);

    const first = await activity(admin);
    expect(first.entries).toHaveLength(50);
    // The 40 later entries come first (PGlite's clock may give some of them one timestamp).
    expect(first.entries.slice(0, 40).every((e) => Number(e.subject.id.slice(5)) >= 80)).toBe(true);
    const second = await activity(admin, first.next ?? undefined);
    expect(second.entries).toHaveLength(50);
    const third = await activity(admin, second.next ?? undefined);
    expect(third.entries).toHaveLength(20);
    expect(third.next).toBeNull();

    const seen = [...first.entries, ...second.entries, ...third.entries].map((e) => e._id);
    expect(seen).toEqual(everyEntry.map((row) => row.id));
    expect(new Set(seen).size).toBe(120);

    // An entry added meanwhile shows on the first page, and never shifts the later ones.
    await t.app.database.db.insert(auditLog).values(entry(120));
    expect((await activity(admin, first.next ?? undefined)).entries).toEqual(second.entries);
  });

  it('answers 400 for a page that starts at no entry', async () => {
    const admin = await newAdmin(t.app);
    for (const before of [randomUUID(), 'not-an-id', "1' or '1'='1"]) {
      const res = await as(admin, {
        method: 'GET',
        url: `/api/activity?before=${encodeURIComponent(before)}`,
      });
      expect(res.statusCode, before).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/\S/);
    }
  });

  it('is for admins only: 401 for visitors, 403 for customers', async () => {
    const admin = await newAdmin(t.app);
    const customer = await signUp(t.app);
    const part = await makePart(t.app.database.db);
    await as(admin, { method: 'DELETE', url: `/api/parts/${part.id}` });
    expect((await activity(admin)).entries).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/activity' })).statusCode).toBe(401);
    const refused = await as(customer, { method: 'GET', url: '/api/activity' });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(admin.email);
  });
});
