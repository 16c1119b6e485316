import { randomUUID } from 'node:crypto';

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { type Caller, newAdmin, signUp, signUpAdmin } from '../../../test/accounts-helpers';
import { makePart } from '../../../test/factories';
import { restockPart } from '../../../test/parts-helpers';
import { useTestApp } from '../../../test/test-app';
import { parts } from '../../db/schema';

// Orders take stock while an admin has a part's edit form open: what the admin saves, and what
// they restock, must never give back units that were sold.

const t = useTestApp();

type Headers = Record<string, string>;

interface PartJson {
  _id: string;
  name: string;
  image: string;
  description: string;
  price: number;
  minorder: number;
  quantity: number;
  version: number;
}

/** The part as the edit page loads it. */
const openPart = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/parts/${id}` })).json<PartJson>();

/** What the edit form sends: the details as opened (with changes), and the version opened. */
const editFrom = (opened: PartJson, changes: Partial<PartJson> = {}) => {
  const { name, image, description, price, minorder, version } = { ...opened, ...changes };
  return { name, image, description, price, minorder, version };
};

const savePart = (headers: Headers, id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/parts/${id}`, headers, payload });
const restock = (headers: Headers, id: string, payload: unknown) =>
  restockPart(t.app, headers, id, payload);
const order = (customer: Caller, partId: string, quantity: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: customer.bearer,
    payload: {
      orderId: partId,
      orderQuantity: quantity,
      phone: '+1 555 0100',
      address: '1 Pit Ln',
    },
  });

const storedPart = async (id: string) => {
  const [row] = await t.app.database.db.select().from(parts).where(eq(parts.id, id));
  if (!row) throw new Error('no such part');
  return row;
};

describe('editing a part while customers buy it', () => {
  it('refuses an edit from a form opened before a sale, with the part as it is now; nothing is oversold', async () => {
    const admin = await newAdmin(t.app);
    const customer = await signUp(t.app);
    const part = await makePart(t.app.database.db, { stock: 3, minOrder: 1 });

    const opened = await openPart(part.id);
    expect(opened.quantity).toBe(3);
    // Held: two of three, one left for whoever pays first.
    expect((await order(customer, part.id, 2)).statusCode).toBe(201);

    const stale = await savePart(
      admin.bearer,
      part.id,
      editFrom(opened, { description: 'Now with a lifetime warranty.' }),
    );
    expect(stale.statusCode).toBe(409);
    const body = stale.json<{
      statusCode: number;
      error: string;
      message: string;
      part: PartJson;
    }>();
    expect(body).toMatchObject({ statusCode: 409, error: 'Conflict' });
    expect(body.message).toMatch(/changed while you were editing/);
    expect(body.part).toMatchObject({ _id: part.id, quantity: 1, description: part.description });
    expect(body.part.version).toBeGreaterThan(opened.version);

    // Two held from three: one is left, and two more cannot be had.
    expect((await openPart(part.id)).quantity).toBe(1);
    const another = await order(customer, part.id, 2);
    expect(another.statusCode).toBe(409);

    // Saved again from the part as it is now, the edit goes through and the stock stays sold.
    const saved = await savePart(
      admin.bearer,
      part.id,
      editFrom(body.part, { description: 'Now with a lifetime warranty.' }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ part: PartJson }>().part).toMatchObject({
      quantity: 1,
      description: 'Now with a lifetime warranty.',
    });
    expect((await storedPart(part.id)).stock).toBe(1);
  });

  it('never lets a stale version overwrite: of two admins editing one copy, the second is refused', async () => {
    const first = await newAdmin(t.app);
    const second = await signUpAdmin(t.app, { name: 'Second Admin' });
    const part = await makePart(t.app.database.db, { name: 'Carbon Hood', priceCents: 90_000 });
    const opened = await openPart(part.id);

    const one = await savePart(first.bearer, part.id, editFrom(opened, { price: 850 }));
    expect(one.statusCode).toBe(200);
    const two = await savePart(
      second.bearer,
      part.id,
      editFrom(opened, { name: 'Carbon Bonnet', price: 990 }),
    );
    expect(two.statusCode).toBe(409);
    expect(two.json<{ part: PartJson }>().part).toMatchObject({ name: 'Carbon Hood', price: 850 });

    // A version the part never had is no better than an old one.
    const future = await savePart(
      second.bearer,
      part.id,
      editFrom(opened, { name: 'Carbon Bonnet', version: opened.version + 5 }),
    );
    expect(future.statusCode).toBe(409);

    const stored = await storedPart(part.id);
    expect(stored).toMatchObject({ name: 'Carbon Hood', priceCents: 85_000 });
  });

  it('moves the version on with every change: an edit, a restock, an order, a deleted order, archiving', async () => {
    const admin = await newAdmin(t.app);
    const customer = await signUp(t.app);
    const part = await makePart(t.app.database.db, { stock: 10, minOrder: 1 });
    const versions = [(await storedPart(part.id)).version];
    const step = async () => {
      versions.push((await storedPart(part.id)).version);
    };

    const opened = await openPart(part.id);
    expect((await savePart(admin.bearer, part.id, editFrom(opened))).statusCode).toBe(200);
    await step();
    expect((await restock(admin.bearer, part.id, { units: 5 })).statusCode).toBe(200);
    await step();
    const placed = await order(customer, part.id, 2);
    expect(placed.statusCode).toBe(201);
    await step();
    const orderId = placed.json<{ insertedId: string }>().insertedId;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/allorders/${orderId}`,
      headers: admin.bearer,
    });
    expect(deleted.statusCode).toBe(200);
    await step();
    const archived = await t.app.inject({
      method: 'DELETE',
      url: `/api/parts/${part.id}`,
      headers: admin.bearer,
    });
    expect(archived.statusCode).toBe(200);
    await step();

    expect(versions).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('POST /api/parts/:id/restock', () => {
  it('adds units to the stock as it is now, even when an order came in between', async () => {
    const admin = await newAdmin(t.app);
    const customer = await signUp(t.app);
    const part = await makePart(t.app.database.db, { stock: 10, minOrder: 1 });
    // The admin sees 10 on the shelf and decides to add 5…
    expect((await openPart(part.id)).quantity).toBe(10);
    // …while a customer buys 4.
    expect((await order(customer, part.id, 4)).statusCode).toBe(201);

    const res = await restock(admin.bearer, part.id, { units: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ modifiedCount: number; part: PartJson }>()).toMatchObject({
      modifiedCount: 1,
      part: { _id: part.id, quantity: 11 },
    });
    expect((await openPart(part.id)).quantity).toBe(11);
  });

  it('counts every one of several restocks arriving together', async () => {
    const admin = await newAdmin(t.app);
    const part = await makePart(t.app.database.db, { stock: 1 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => restock(admin.bearer, part.id, { units: 3 })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    expect(await storedPart(part.id)).toMatchObject({ stock: 25, version: 9 });
  });

  it('refuses a restock past the most a part can hold, saying how many fit, and changes nothing', async () => {
    const admin = await newAdmin(t.app);
    const part = await makePart(t.app.database.db, { stock: 999_990 });
    const res = await restock(admin.bearer, part.id, { units: 11 });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toContain('at most 10 more fit');
    expect(await storedPart(part.id)).toMatchObject({ stock: 999_990, version: 1 });
    const full = await restock(admin.bearer, part.id, { units: 10 });
    expect(full.json<{ part: PartJson }>().part.quantity).toBe(1_000_000);
  });

  it.each([
    ['none', {}],
    ['0', { units: 0 }],
    ['negative', { units: -3 }],
    ['a fraction', { units: 1.5 }],
    ['text', { units: '5' }],
    ['more than a part can hold', { units: 1_000_001 }],
  ])('answers 400 naming the units when they are %s', async (_case, payload) => {
    const admin = await newAdmin(t.app);
    const part = await makePart(t.app.database.db, { stock: 4 });
    const res = await restock(admin.bearer, part.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('body.units');
    expect(await storedPart(part.id)).toMatchObject({ stock: 4, version: 1 });
  });

  it('answers 404 for unknown, malformed and archived parts', async () => {
    const admin = await newAdmin(t.app);
    const archived = await makePart(t.app.database.db, { stock: 2, archivedAt: new Date() });
    for (const id of [randomUUID(), 'not-an-id', archived.id]) {
      expect((await restock(admin.bearer, id, { units: 1 })).statusCode).toBe(404);
    }
    expect((await storedPart(archived.id)).stock).toBe(2);
  });
});
