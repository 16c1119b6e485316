import { eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { PART_SORTS } from '@apex/contract';

import { signUpAdmin } from '../../../test/accounts-helpers';
import { makePart } from '../../../test/factories';
import { walk } from '../../../test/parts-helpers';
import { useTestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { partColumns, parts } from '../../db/schema';
import { createBrowsing } from './browse';
import { type PartSearch, searchParts } from './search';
import { createSearchMemory, REMEMBERED_SEARCHES } from './search-memory';

const t = useTestApp();

/**
 * A memory of searches over the parts on sale as the database holds them now; its searches ask
 * `asked`, the same database unless a test stands between them.
 */
async function memoryOf(db: Database, asked: Database = db) {
  const rows = await db
    .select(partColumns)
    .from(parts)
    .where(isNull(parts.archivedAt))
    .orderBy(parts.name, parts.id);
  const remembered = createSearchMemory(
    asked,
    new Map(rows.map((row) => [row.id, row])),
    createBrowsing(rows),
  );
  return async (search: PartSearch) => {
    if (!search.words) throw new Error('a search from memory has words');
    const page = await remembered({ ...search, words: search.words });
    if (!page) throw new Error(`no page from memory for ${JSON.stringify(search)}`);
    return page;
  };
}

/**
 * The database, with a way to answer the next call of one of its methods (`select`, or the
 * `transaction` a search by spelling runs in) with something else, once: a read that fails, or
 * one that hangs.
 */
function interrupting(db: Database) {
  let next: { method: 'select' | 'transaction'; instead: unknown } | null = null;
  const database = new Proxy(db, {
    get(target, key) {
      if (next && key === next.method) {
        const { instead } = next;
        next = null;
        return instead;
      }
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function'
        ? (value as (...args: never[]) => unknown).bind(target)
        : value;
    },
  });
  return {
    database,
    next: (method: 'select' | 'transaction', instead: unknown) => {
      next = { method, instead };
    },
  };
}

const unreachable = () => {
  throw new Error('the database is unreachable');
};

describe('searches answered from memory', () => {
  it('answers every page of every search, order and stock filter as the database does', async () => {
    const { db } = t.app.database;
    const minute = 60_000;
    const names = ['Brake kit', 'Brake pads', 'Brakeline kit', 'Rear wing', 'Clutch'];
    for (let i = 0; i < 30; i++) {
      await makePart(db, {
        // Few names and descriptions: many parts rank alike, which the id settles.
        name: `${names[i % names.length] ?? ''} ${i % 3}`,
        description: i % 4 === 0 ? 'Fits the brake calipers of most cars.' : 'Carbon fibre.',
        priceCents: 1_000 * (1 + (i % 4)),
        createdAt: new Date(Date.now() - minute * (i % 5)),
        // Every rear wing sold out: in stock, its words find nothing, and spellings are tried.
        stock: i % names.length === 3 ? 0 : i % 3,
        minOrder: 1 + (i % 2),
      });
    }
    // Found by its spelling alone when "wing" asks for parts in stock.
    await makePart(db, { name: 'Wingtip light', stock: 5 });
    await makePart(db, { name: 'Brake kit off sale', archivedAt: new Date() });
    const fromMemory = await memoryOf(db);
    const fromDatabase = (search: PartSearch) => searchParts(db, search);

    const searches = ['brake', 'brake -pads', '"brake kit"', 'breke', 'clutch OR wing', 'wing'];
    for (const words of [...searches, 'rear wings', 'turbocharger', `'); drop table parts; --`]) {
      for (const sort of PART_SORTS) {
        for (const inStockOnly of [false, true]) {
          for (const limit of [1, 4, 100]) {
            const search = { words, sort, inStockOnly, limit };
            expect(await walk(fromMemory, search), JSON.stringify(search)).toEqual(
              await walk(fromDatabase, search),
            );
          }
        }
      }
    }
  });

  it('leaves a cursor naming a part the search does not find to the database', async () => {
    const { db } = t.app.database;
    await makePart(db, { name: 'Brake kit' });
    const clutch = await makePart(db, { name: 'Clutch' });
    const remembered = createSearchMemory(db, new Map(), createBrowsing([]));
    const search = { words: 'brake', sort: 'name' as const, inStockOnly: false, limit: 12 };
    expect(await remembered({ ...search, after: clutch.id })).toBeNull();
  });

  it('counts a part with stock for exactly one order among the parts in stock, and tries no close spellings then', async () => {
    const { db } = t.app.database;
    await makePart(db, { name: 'Brake kit', stock: 2, minOrder: 2 });
    // Spelled like "brake", but not the word itself: found only if close spellings are tried.
    await makePart(db, { name: 'Brakeline kit', stock: 5, minOrder: 1 });
    const fromMemory = await memoryOf(db);
    const search = { words: 'brake', sort: 'relevance' as const, inStockOnly: true, limit: 12 };
    const page = await fromMemory({ ...search, after: null });
    expect(page.rows.map((row) => row.name)).toEqual(['Brake kit']);
    expect(page.total).toBe(1);
    expect(await walk(fromMemory, search)).toEqual(await walk((s) => searchParts(db, s), search));
  });

  it('leaves out a part added to the database after its copy of the catalog was read', async () => {
    const { db } = t.app.database;
    await makePart(db, { name: 'Brake kit' });
    const fromMemory = await memoryOf(db);
    // Another instance's part, before its change notice has dropped this copy of the catalog.
    await makePart(db, { name: 'Brake pads' });
    const page = await fromMemory({
      words: 'brake',
      sort: 'relevance',
      inStockOnly: false,
      limit: 12,
      after: null,
    });
    expect(page.rows.map((row) => row.name)).toEqual(['Brake kit']);
    expect(page.total).toBe(1);
  });

  it('remembers what a misspelled search finds, as it remembers what words find', async () => {
    const { db } = t.app.database;
    await makePart(db, { name: 'Brake kit' });
    const pads = await makePart(db, { name: 'Brake pads' });
    const fromMemory = await memoryOf(db);
    const breke = { words: 'breke', sort: 'name' as const, inStockOnly: false, limit: 12 };
    const found = async () =>
      (await fromMemory({ ...breke, after: null })).rows.map((row) => row.name);
    expect(await found()).toEqual(['Brake kit', 'Brake pads']);

    // Taken off sale behind this memory's back: a search asked of the database again would miss it.
    await db.update(parts).set({ archivedAt: new Date() }).where(eq(parts.id, pads.id));
    expect(await found()).toEqual(['Brake kit', 'Brake pads']);
  });

  it('asks the database again after a search whose query failed, for its words and for its spelling', async () => {
    const { db } = t.app.database;
    await makePart(db, { name: 'Brake kit' });
    const between = interrupting(db);
    const fromMemory = await memoryOf(db, between.database);
    const names = async (words: string) =>
      (
        await fromMemory({ words, sort: 'name', inStockOnly: false, limit: 12, after: null })
      ).rows.map((row) => row.name);

    between.next('select', unreachable);
    await expect(names('brake')).rejects.toThrow('the database is unreachable');
    expect(await names('brake')).toEqual(['Brake kit']);
    // "breke" finds nothing by its words: its spelling is asked for, in a transaction.
    between.next('transaction', unreachable);
    await expect(names('breke')).rejects.toThrow('the database is unreachable');
    expect(await names('breke')).toEqual(['Brake kit']);
  });

  it('keeps the answer of a search asked again while an older try of it was still failing', async () => {
    const { db } = t.app.database;
    await makePart(db, { name: 'Brake kit' });
    const pads = await makePart(db, { name: 'Brake pads' });
    const between = interrupting(db);
    const fromMemory = await memoryOf(db, between.database);
    const names = async (words: string) =>
      (
        await fromMemory({ words, sort: 'name', inStockOnly: false, limit: 12, after: null })
      ).rows.map((row) => row.name);

    // The first try's read hangs until told to fail.
    let fail: (error: Error) => void = () => undefined;
    const hanging = new Promise<never>((_, reject) => {
      fail = reject;
    });
    between.next('select', () => ({ from: () => ({ where: () => ({ orderBy: () => hanging }) }) }));
    const first = names('brake');
    // Pushed out of memory by newer searches while it waits, then asked again and answered.
    for (let i = 0; i < REMEMBERED_SEARCHES; i++) await names(`clutch ${i}`);
    expect(await names('brake')).toEqual(['Brake kit', 'Brake pads']);
    fail(new Error('the database is unreachable'));
    await expect(first).rejects.toThrow('the database is unreachable');

    // Taken off sale behind this memory's back: the answer remembered still shows it.
    await db.update(parts).set({ archivedAt: new Date() }).where(eq(parts.id, pads.id));
    expect(await names('brake')).toEqual(['Brake kit', 'Brake pads']);
  });

  it(`remembers the ${REMEMBERED_SEARCHES} searches asked last, and asks the database again for an older one`, async () => {
    const { db } = t.app.database;
    await makePart(db, { name: 'Brake kit' });
    const pads = await makePart(db, { name: 'Brake pads' });
    const fromMemory = await memoryOf(db);
    const brake = { words: 'brake', sort: 'relevance' as const, inStockOnly: false, limit: 12 };
    const total = async () => (await fromMemory({ ...brake, after: null })).total;
    expect(await total()).toBe(2);

    // Taken off sale behind this memory's back: only a search the database answers again sees it.
    await db.update(parts).set({ archivedAt: new Date() }).where(eq(parts.id, pads.id));
    for (let i = 1; i < REMEMBERED_SEARCHES; i++) {
      await fromMemory({ ...brake, words: `clutch ${i}`, after: null });
    }
    expect(await total()).toBe(2);
    for (let i = 0; i < REMEMBERED_SEARCHES; i++) {
      await fromMemory({ ...brake, words: `wing ${i}`, after: null });
    }
    expect(await total()).toBe(1);
  });

  it("finds, ranks and counts again after a part's change through the shop", async () => {
    const { db } = t.app.database;
    const admin = await signUpAdmin(t.app);
    const hub = await makePart(db, {
      name: 'Wheel hub',
      description: 'Takes the brake calipers of most cars.',
    });
    await makePart(db, { name: 'Brake kit', description: 'Discs and pads.' });
    const search = async () =>
      (await t.app.inject('/api/parts?q=brake')).json<{ parts: { name: string }[] }>();
    expect((await search()).parts.map((part) => part.name)).toEqual(['Brake kit', 'Wheel hub']);

    // Named for brakes now, the hub ranks first.
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/parts/${hub.id}`,
      headers: admin.bearer,
      payload: {
        name: 'Brake hub for brake discs',
        image: hub.image,
        description: hub.description,
        price: hub.priceCents / 100,
        minorder: hub.minOrder,
        version: hub.version,
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await search()).parts.map((part) => part.name)).toEqual([
      'Brake hub for brake discs',
      'Brake kit',
    ]);

    const added = await t.app.inject({
      method: 'POST',
      url: '/api/parts',
      headers: admin.bearer,
      payload: {
        name: 'Brake cooling duct',
        image: hub.image,
        description: 'Air for the brakes.',
        price: 120,
        quantity: 4,
        minorder: 1,
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(await search()).toMatchObject({ total: 3 });

    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/parts/${hub.id}`,
      headers: admin.bearer,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await search()).parts.map((part) => part.name)).toEqual([
      'Brake cooling duct',
      'Brake kit',
    ]);
  });
});
