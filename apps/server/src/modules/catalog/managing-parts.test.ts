import { randomUUID } from 'node:crypto';

import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { newAdmin, signUp } from '../../../test/accounts-helpers';
import { expectRefused } from '../../../test/answers';
import { makePart } from '../../../test/factories';
import { placeOrder, placeOrderId } from '../../../test/orders-helpers';
import { restockPart } from '../../../test/parts-helpers';
import { pngPicture } from '../../../test/pictures';
import { useTestApp } from '../../../test/test-app';
import { parts } from '../../db/schema';

const t = useTestApp();

type Headers = Record<string, string>;

const newPart = {
  name: 'Titanium Exhaust',
  minorder: 2,
  price: 1499.99,
  image: '/images/parts/titanium-exhaust.svg',
  quantity: 20,
  description: 'A full titanium system.',
};

const addPart = (headers: Headers, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/parts', headers, payload: payload as object });
const updatePart = (headers: Headers, id: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/parts/${id}`, headers, payload: payload as object });
const deletePart = (headers: Headers, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/parts/${id}`, headers });
const uploadPicture = (headers: Headers, bytes: Buffer, type = 'image/png') =>
  t.app.inject({
    method: 'POST',
    url: '/api/part-images',
    headers: { ...headers, 'content-type': type },
    payload: bytes,
  });

const catalog = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/parts' });
  return {
    etag: res.headers.etag,
    parts: res.json<{ _id: string; name: string; quantity: number }[]>(),
  };
};
const partCount = async () =>
  (await t.app.database.db.select({ n: count() }).from(parts))[0]?.n ?? 0;

describe('POST /api/parts', () => {
  it('adds a part that the catalog shows at once, with a new ETag', async () => {
    const admin = await newAdmin(t.app);
    const before = await catalog();
    const res = await addPart(admin.bearer, newPart);
    expect(res.statusCode).toBe(201);
    const body = res.json<{ insertedId: string; upsertedId: string; part: object }>();
    expect(body.upsertedId).toBe(body.insertedId);
    expect(body.part).toEqual({ _id: body.insertedId, ...newPart, version: 1 });
    const after = await catalog();
    expect(after.parts.map((p) => p.name)).toEqual(['Titanium Exhaust']);
    expect(after.etag).not.toBe(before.etag);
  });

  it('trims the name and description and stores the price in whole cents', async () => {
    const admin = await newAdmin(t.app);
    const res = await addPart(admin.bearer, {
      ...newPart,
      name: '  Spaced name  ',
      description: ' text ',
      price: 0.1 + 0.2,
    });
    expect(res.json()).toMatchObject({
      part: { name: 'Spaced name', description: 'text', price: 0.3 },
    });
  });

  it.each([
    ['name', { name: '' }],
    ['name', { name: '   ' }],
    ['name', { name: 'x'.repeat(121) }],
    ['name', { name: 42 }],
    ['price', { price: 0 }],
    ['price', { price: -5 }],
    ['price', { price: 10.005 }],
    ['price', { price: '12' }],
    ['price', { price: 1_000_000 }],
    ['price', { price: 1e-9 }],
    ['name', { name: 'Wing\u0000' }],
    ['description', { description: 'a\u0000b' }],
    ['minorder', { minorder: 0 }],
    ['minorder', { minorder: 1.5 }],
    ['minorder', { minorder: null }],
    ['quantity', { quantity: 1 }],
    ['quantity', { quantity: 2.5 }],
    ['quantity', { quantity: -1 }],
    ['description', { description: 'x'.repeat(2001) }],
    ['image', { image: '' }],
    ['image', { image: 'javascript:alert(1)' }],
    ['image', { image: 'ftp://example.com/part.png' }],
    ['image', { image: 'exhaust.png' }],
    ['image', { image: '/uploads/parts/../../secret.png' }],
    ['image', { image: `/uploads/parts/${'a'.repeat(64)}.png` }],
  ])('answers 400 naming %s for %j and adds nothing', async (field, change) => {
    const admin = await newAdmin(t.app);
    const res = await addPart(admin.bearer, { ...newPart, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(`body.${field}`);
    expect(await partCount()).toBe(0);
  });

  it('answers 400 naming each missing field', async () => {
    const admin = await newAdmin(t.app);
    for (const field of Object.keys(newPart)) {
      const payload = Object.fromEntries(Object.entries(newPart).filter(([key]) => key !== field));
      const res = await addPart(admin.bearer, payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json<{ fields: { field: string }[] }>().fields.map((f) => f.field)).toContain(
        `body.${field}`,
      );
    }
    expect(await partCount()).toBe(0);
  });
});

describe('PUT /api/parts/:id', () => {
  const details = {
    name: 'Forged Piston Set',
    image: '/images/parts/forged-pistons.svg',
    description: 'Eight forged pistons.',
    price: 60,
    minorder: 3,
  };

  it("changes a part's details; the catalog shows them at once, with the next version", async () => {
    const admin = await newAdmin(t.app);
    const part = await makePart(t.app.database.db, { stock: 12, minOrder: 2, priceCents: 5000 });
    const before = await catalog();
    const res = await updatePart(admin.bearer, part.id, { ...details, version: part.version });
    expect(res.statusCode).toBe(200);
    const changed = { _id: part.id, ...details, quantity: 12, version: part.version + 1 };
    expect(res.json()).toEqual({ modifiedCount: 1, part: changed });
    const after = await catalog();
    expect(after.parts).toEqual([changed]);
    expect(after.etag).not.toBe(before.etag);
  });

  it('never sets the stock, whatever the body says: restocking adds units instead', async () => {
    const admin = await newAdmin(t.app);
    const part = await makePart(t.app.database.db, { stock: 7 });
    const res = await updatePart(admin.bearer, part.id, {
      ...details,
      quantity: 500,
      version: part.version,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ part: { quantity: number } }>().part.quantity).toBe(7);
    expect((await catalog()).parts[0]?.quantity).toBe(7);
  });

  it.each([
    ['missing', {}],
    ['0', { version: 0 }],
    ['a fraction', { version: 1.5 }],
    ['text', { version: '1' }],
  ])('answers 400 naming the version when it is %s, and changes nothing', async (_case, change) => {
    const admin = await newAdmin(t.app);
    const part = await makePart(t.app.database.db);
    const res = await updatePart(admin.bearer, part.id, { ...details, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('body.version');
    expect((await catalog()).parts[0]?.name).toBe(part.name);
  });

  it('answers 404 for unknown, malformed and archived parts', async () => {
    const admin = await newAdmin(t.app);
    const archived = await makePart(t.app.database.db, { archivedAt: new Date() });
    for (const id of [randomUUID(), 'not-an-id', archived.id]) {
      const res = await updatePart(admin.bearer, id, { ...details, version: 1 });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('DELETE /api/parts/:id', () => {
  it('says the part is not in the catalogue for unknown, malformed and archived ids', async () => {
    const admin = await newAdmin(t.app);
    const archived = await makePart(t.app.database.db, { archivedAt: new Date() });
    for (const id of [randomUUID(), 'not-an-id', archived.id]) {
      expectRefused(
        await deletePart(admin.bearer, id),
        404,
        'There is no part with this id in the catalogue',
      );
    }
  });

  it('takes the part off sale; its orders keep their name and total; it cannot be ordered', async () => {
    const admin = await newAdmin(t.app);
    const customer = await signUp(t.app);
    const part = await makePart(t.app.database.db, { name: 'Old Spoiler', priceCents: 2500 });
    const orderId = await placeOrderId(t.app, customer, part.id, 4);

    const res = await deletePart(admin.bearer, part.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect((await catalog()).parts).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/parts/${part.id}` })).statusCode).toBe(
      404,
    );

    const order = await t.app.inject({
      method: 'GET',
      url: `/api/order/${orderId}`,
      headers: customer.bearer,
    });
    expect(order.json()).toMatchObject({ order: 'Old Spoiler', price: 100 });
    const again = await placeOrder(t.app, customer.bearer, { orderId: part.id, orderQuantity: 4 });
    expect(again.statusCode).toBe(404);
    expect((await deletePart(admin.bearer, part.id)).statusCode).toBe(404);
  });
});

describe('who may change the catalog', () => {
  it('answers 401 to visitors and 403 to customers, and changes nothing', async () => {
    const customer = await signUp(t.app);
    const part = await makePart(t.app.database.db, { stock: 7 });
    const before = await catalog();
    for (const [headers, status] of [
      [{}, 401],
      [customer.bearer, 403],
      [{ cookie: customer.cookie }, 403],
    ] as const) {
      expect((await addPart(headers, newPart)).statusCode).toBe(status);
      expect(
        (await updatePart(headers, part.id, { ...newPart, version: part.version })).statusCode,
      ).toBe(status);
      expect((await restockPart(t.app, headers, part.id, { units: 5 })).statusCode).toBe(status);
      expect((await deletePart(headers, part.id)).statusCode).toBe(status);
      expect((await uploadPicture(headers, pngPicture())).statusCode).toBe(status);
    }
    expect(await catalog()).toEqual(before);
  });
});

describe('the database keeps the part rules itself', () => {
  it.each([
    ['a price of 0', { priceCents: 0 }, 'parts_price_positive'],
    ['negative stock', { stock: -1 }, 'parts_stock_not_negative'],
    ['a minimum order of 0', { minOrder: 0 }, 'parts_min_order_positive'],
  ])('refuses %s by its own rule', async (_case, values, constraint) => {
    // A check violation (23514) of the rule named, not any other failure of the insert.
    await expect(makePart(t.app.database.db, values)).rejects.toMatchObject({
      cause: { code: '23514', constraint },
    });
  });
});
