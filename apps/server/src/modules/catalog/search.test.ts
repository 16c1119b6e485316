import { describe, expect, it } from 'vitest';

import { makePart } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();

interface Page {
  parts: { _id: string; name: string }[];
  total: number;
  next: string | null;
}

async function search(query: Record<string, string>): Promise<Page> {
  const answer = await t.app.inject({ url: `/api/parts?${new URLSearchParams(query).toString()}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Page>();
}
const names = (page: Page) => page.parts.map((part) => part.name);

describe('searching the parts', () => {
  it('finds "brake" in a description, and ranks a part named for it first', async () => {
    const { db } = t.app.database;
    await makePart(db, {
      name: 'Wheel hub',
      description: 'Takes the brake calipers of most cars.',
    });
    await makePart(db, { name: 'Brake kit', description: 'Discs and pads.' });
    await makePart(db, { name: 'Rear spoiler', description: 'Carbon fibre.' });

    const found = await search({ q: 'brake' });
    expect(names(found)).toEqual(['Brake kit', 'Wheel hub']);
    expect(found.total).toBe(2);
    // The words' other forms match too.
    expect(names(await search({ q: 'brakes' }))).toEqual(['Brake kit', 'Wheel hub']);
  });

  it('finds a part whose name was typed with a typo, and only when the words themselves find nothing', async () => {
    const { db } = t.app.database;
    await makePart(db, { name: 'Brake kit', description: 'Discs and pads.' });
    await makePart(db, { name: 'Brakeline kit', description: 'Braided hoses.' });
    await makePart(db, { name: 'Coilover suspension', description: 'Adjustable.' });
    await makePart(db, { name: 'Rear spoiler', description: 'Carbon fibre.' });

    // The closest spelling first.
    expect(names(await search({ q: 'breke' }))).toEqual(['Brake kit', 'Brakeline kit']);
    expect(names(await search({ q: 'coilovr' }))).toEqual(['Coilover suspension']);
    // The word itself: no part that is only spelled alike.
    expect(names(await search({ q: 'brake' }))).toEqual(['Brake kit']);
    expect((await search({ q: 'breke' })).total).toBe(2);
    expect(names(await search({ q: 'turbocharger' }))).toEqual([]);
    // Quotes and `-` ask for exactly the words written.
    expect(names(await search({ q: '"breke"' }))).toEqual([]);
  });

  it('takes a search full of operators and quotes as text, never as a broken query', async () => {
    await makePart(t.app.database.db, { name: 'Brake kit' });
    for (const q of [
      `"brake`,
      `brake & | ! :*`,
      `(brake`,
      `'); drop table parts; --`,
      `<->`,
      `\\`,
    ]) {
      const answer = await t.app.inject({ url: `/api/parts?q=${encodeURIComponent(q)}` });
      expect(answer.statusCode, q).toBe(200);
    }
    expect(names(await search({ q: '"brake kit"' }))).toEqual(['Brake kit']);
    expect(names(await search({ q: 'brake -kit' }))).toEqual([]);
  });

  it('finds no part by its spelling when the search begins by leaving a word out', async () => {
    await makePart(t.app.database.db, { name: 'Brake kit' });
    // Kits that are not brakes: there are none, and the brake kit is not offered instead.
    expect(names(await search({ q: '-brake kit' }))).toEqual([]);
    expect(names(await search({ q: 'kit' }))).toEqual(['Brake kit']);
  });

  it('sorts by name, by price either way and newest first, and can show only parts in stock', async () => {
    const { db } = t.app.database;
    const added = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await makePart(db, { name: 'Clutch', priceCents: 30_000, stock: 5, createdAt: added(3) });
    await makePart(db, {
      name: 'Air filter',
      priceCents: 4_000,
      stock: 1,
      minOrder: 2,
      createdAt: added(2),
    });
    await makePart(db, { name: 'Exhaust', priceCents: 90_000, stock: 0, createdAt: added(1) });

    expect(names(await search({ sort: 'name' }))).toEqual(['Air filter', 'Clutch', 'Exhaust']);
    expect(names(await search({ sort: 'price' }))).toEqual(['Air filter', 'Clutch', 'Exhaust']);
    expect(names(await search({ sort: 'price-desc' }))).toEqual([
      'Exhaust',
      'Clutch',
      'Air filter',
    ]);
    expect(names(await search({ sort: 'newest' }))).toEqual(['Exhaust', 'Air filter', 'Clutch']);
    // Air filter has one unit, and an order takes at least two: it cannot be had. Exhaust has none.
    const inStock = await search({ inStock: 'true' });
    expect(names(inStock)).toEqual(['Clutch']);
    expect(inStock.total).toBe(1);
  });

  it('pages through every part once, however parts are added between pages', async () => {
    const { db } = t.app.database;
    for (const name of ['B', 'D', 'F', 'H', 'J']) await makePart(db, { name: `Part ${name}` });
    const seen: string[] = [];
    let page = await search({ limit: '2' });
    expect(page.total).toBe(5);
    seen.push(...names(page));
    // Added before and after the page just read, straight into the database: the shop's own
    // writes drop the catalog held in memory, as this does.
    await makePart(db, { name: 'Part A' });
    await makePart(db, { name: 'Part G' });
    t.app.catalog.invalidate();
    while (page.next) {
      page = await search({ limit: '2', cursor: page.next });
      seen.push(...names(page));
    }
    expect(seen).toEqual(['Part B', 'Part D', 'Part F', 'Part G', 'Part H', 'Part J']);
  });

  it('never shows parts taken off sale', async () => {
    await makePart(t.app.database.db, { name: 'Brake kit', archivedAt: new Date() });
    expect(await search({ q: 'brake' })).toEqual({ parts: [], total: 0, next: null });
  });

  it('without any search field answers the whole list, as it always has', async () => {
    await makePart(t.app.database.db, { name: 'Brake kit' });
    const answer = await t.app.inject({ url: '/api/parts' });
    expect(answer.json<{ name: string }[]>().map((part) => part.name)).toEqual(['Brake kit']);
  });

  it.each([
    ['limit=0', 'limit must be at least 1'],
    ['limit=101', 'limit must be at most 100'],
    ['sort=cheapest', 'Sort by one of: relevance, name, price, price-desc, newest'],
    ['inStock=yes', 'inStock is true or false'],
    ['cursor=12', 'cursor must be the `next` of a page'],
    // A fixed id, not one drawn as the file loads: the test keeps its name from run to run.
    [
      'cursor=3f2c8a14-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
      'cursor names no part: start from the first page',
    ],
    [`q=${'a'.repeat(201)}`, 'Search for at most 200 characters'],
  ])('refuses %s with a 400 that says why', async (query, message) => {
    const answer = await t.app.inject({ url: `/api/parts?${query}` });
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ message: string }>().message).toContain(message);
  });
});
