import { randomUUID } from 'node:crypto';

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { makePart } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { parts } from '../../db/schema';

const t = useTestApp();

describe('GET /api/parts', () => {
  it('lists the parts on sale with the spec field names and prices in dollars', async () => {
    const part = await makePart(t.app.database.db, {
      name: 'Carbon Rear Wing',
      priceCents: 124_950,
      stock: 12,
      minOrder: 3,
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/parts' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        _id: part.id,
        name: 'Carbon Rear Wing',
        image: part.image,
        description: part.description,
        quantity: 12,
        minorder: 3,
        price: 1249.5,
        version: 1,
      },
    ]);
  });

  it('hides archived parts', async () => {
    await makePart(t.app.database.db, { name: 'On sale' });
    await makePart(t.app.database.db, { name: 'Archived', archivedAt: new Date() });
    const res = await t.app.inject({ method: 'GET', url: '/api/parts' });
    expect(res.json<{ name: string }[]>().map((p) => p.name)).toEqual(['On sale']);
  });

  it('answers a repeated request with 304 when the catalog has not changed', async () => {
    await makePart(t.app.database.db);
    const first = await t.app.inject({ method: 'GET', url: '/api/parts' });
    const etag = first.headers.etag;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/parts',
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves a new ETag and the new data once the catalog changes', async () => {
    await makePart(t.app.database.db);
    const before = await t.app.inject({ method: 'GET', url: '/api/parts' });
    await makePart(t.app.database.db);
    t.app.catalog.invalidate();
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/parts',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json()).toHaveLength(2);
  });

  it('sends the whole list compressed, whether it is held in memory or read for the request', async () => {
    const db = t.app.database.db;
    // Large enough to be compressed.
    const shelf = await Promise.all(
      Array.from({ length: 12 }, (_, n) => makePart(db, { name: `Compressed part ${n}` })),
    );
    // Over a real connection, as a browser asks: compressed, through the whole reply path.
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const namesListed = async () => {
      const res = await fetch(`${base}/api/parts`, { headers: { 'accept-encoding': 'gzip' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe('gzip');
      const list = (await res.json()) as { name: string }[];
      return list.map((part) => part.name).sort();
    };
    const expected = shelf.map((part) => part.name).sort();

    // Read for the request: nothing is held before the first read, nor after a change.
    expect(await namesListed()).toEqual(expected);
    // Held in memory now.
    expect(await namesListed()).toEqual(expected);
    const added = await makePart(db, { name: 'Compressed part added' });
    // Written past the shop, as in the test above: dropped here as the shop's own writes do, not
    // left to the database's notice, which may come after the next request.
    t.app.catalog.invalidate();
    expect(await namesListed()).toEqual([...expected, added.name].sort());
  });
});

describe('GET /api/parts/:id', () => {
  it('answers one part on sale', async () => {
    const part = await makePart(t.app.database.db, { name: 'Forged Monoblock Wheel' });
    const res = await t.app.inject({ method: 'GET', url: `/api/parts/${part.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: part.id, name: 'Forged Monoblock Wheel' });
    // A strong tag of the part's own bytes (the SHA-1 in base64url), checked on every visit.
    expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("keeps a part's ETag while only other parts change, and changes it when the part does", async () => {
    const part = await makePart(t.app.database.db, { stock: 12 });
    const first = await t.app.inject({ method: 'GET', url: `/api/parts/${part.id}` });
    const etag = String(first.headers.etag);
    const askAgain = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/parts/${part.id}`,
        headers: { 'if-none-match': etag },
      });

    // Another part joins the catalog: the whole list is new, this part's bytes are not.
    await makePart(t.app.database.db);
    t.app.catalog.invalidate();
    const unchanged = await askAgain();
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.headers.etag).toBe(etag);

    await t.app.database.db
      .update(parts)
      .set({ stock: 11, version: part.version + 1 })
      .where(eq(parts.id, part.id));
    t.app.catalog.invalidate();
    const changed = await askAgain();
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json()).toMatchObject({ _id: part.id, quantity: 11 });
  });

  it.each([
    ['an unknown id', randomUUID()],
    ['a malformed id', 'not-an-id'],
    ['an SQL-looking id', "1' or '1'='1"],
  ])('answers 404 JSON for %s', async (_case, id) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/parts/${encodeURIComponent(id)}` });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('answers 404 for an archived part', async () => {
    const part = await makePart(t.app.database.db, { archivedAt: new Date() });
    const res = await t.app.inject({ method: 'GET', url: `/api/parts/${part.id}` });
    expect(res.statusCode).toBe(404);
  });
});
