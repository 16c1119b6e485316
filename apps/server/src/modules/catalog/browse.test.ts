import { isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { PART_SORTS } from '@apex/contract';

import { makePart } from '../../../test/factories';
import { walk } from '../../../test/parts-helpers';
import { useTestApp } from '../../../test/test-app';
import { partColumns, parts } from '../../db/schema';
import { createBrowsing } from './browse';
import { type PartSearch, searchParts } from './search';

const t = useTestApp();

describe('browsing the parts from memory', () => {
  it('answers every page of every order as the database does, ties and sold-out parts included', async () => {
    const { db } = t.app.database;
    const minute = 60_000;
    for (let i = 0; i < 23; i++) {
      await makePart(db, {
        name: `Part ${String.fromCharCode(65 + ((i * 7) % 23))}`,
        // Few prices and few times: many ties, which the id settles.
        priceCents: 1_000 * (1 + (i % 4)),
        createdAt: new Date(Date.now() - minute * (i % 5)),
        stock: i % 3,
        minOrder: 1 + (i % 2),
      });
    }
    await makePart(db, { name: 'Part off sale', archivedAt: new Date() });
    const rows = await db
      .select(partColumns)
      .from(parts)
      .where(isNull(parts.archivedAt))
      .orderBy(parts.name, parts.id);
    const browse = createBrowsing(rows);
    const fromMemory = async (search: PartSearch) => {
      const page = browse.page(search);
      if (!page) throw new Error(`no page from memory for ${JSON.stringify(search)}`);
      return page;
    };
    const fromDatabase = (search: PartSearch) => searchParts(db, search);

    for (const sort of PART_SORTS) {
      for (const inStockOnly of [false, true]) {
        for (const limit of [1, 5, 100]) {
          const search = { words: null, sort, inStockOnly, limit };
          expect(await walk(fromMemory, search), JSON.stringify(search)).toEqual(
            await walk(fromDatabase, search),
          );
        }
      }
    }
  });

  it('leaves a cursor that names no part on sale to the database', async () => {
    const { db } = t.app.database;
    const kept = await makePart(db, { name: 'Kept' });
    const gone = await makePart(db, { name: 'Gone', archivedAt: new Date() });
    const browse = createBrowsing([kept]);
    const search = { words: null, sort: 'name' as const, inStockOnly: false, limit: 12 };
    expect(browse.page({ ...search, after: gone.id })).toBeNull();
    expect(browse.page({ ...search, after: null })?.rows.map((row) => row.name)).toEqual(['Kept']);
  });
});
