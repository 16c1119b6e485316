import { asc, isNull } from 'drizzle-orm';

import type { Database } from '../../db/client';
import { partColumns, type PartRow, parts } from '../../db/schema';
import type { RecordAudit } from '../../lib/audit';
import { type CachedJson, type CacheOf, toCachedJson } from '../../lib/json-cache';
import { createBrowsing } from './browse';
import { createPartEdits } from './editing';
import { type PartSearch, searchParts } from './search';
import { createSearchMemory } from './search-memory';
import { toPartJson } from './wire';

/**
 * The parts on sale. Reads are answered from memory (the catalog is small and read on every
 * visit). Every write here, and every stock change elsewhere, calls `invalidate()`, so this
 * instance shows it at once; other instances drop their copy when the database tells them of
 * the write (`cacheOf`, decision 003). The admins' writes are in editing.ts.
 */
export function createCatalog(
  db: Database,
  {
    cacheOf,
    resolveImage,
    storeImage,
    recordAudit,
  }: {
    cacheOf: CacheOf;
    /** The picture a part's form names, as the part keeps it (part-images.ts). */
    resolveImage: (image: string) => Promise<string>;
    /** Keeps an uploaded picture; answers the address it is served at. */
    storeImage: (bytes: Buffer) => Promise<string>;
    recordAudit: RecordAudit;
  },
) {
  const catalog = cacheOf(['parts'], async () => {
    const rows = await db
      .select(partColumns)
      .from(parts)
      .where(isNull(parts.archivedAt))
      .orderBy(asc(parts.name), asc(parts.id));
    // Kept as the bytes the API sends: serialized once per change, not once per request.
    const list = rows.map(toPartJson);
    const rowsById = new Map(rows.map((row) => [row.id, row]));
    const browsing = createBrowsing(rows);
    return {
      rows,
      rowsById,
      list: toCachedJson(list),
      byId: new Map(list.map((part) => [part._id, toCachedJson(part)])),
      browsing,
      // Kept with this copy of the catalog, so whatever drops the copy forgets every search.
      search: createSearchMemory(db, rowsById, browsing),
    };
  });

  return {
    async listParts(): Promise<CachedJson> {
      return (await catalog.get()).list;
    },
    /** The whole list, when the catalog is held in memory now: the most asked answer, taken
     * without waiting on a promise. */
    heldList(): CachedJson | undefined {
      return catalog.held()?.list;
    },
    /**
     * A page of the parts on sale that match a search, from memory: without words, from the
     * catalog; with them, from their matches, which the database finds once per catalog. After
     * a part the search no longer finds (taken off sale, or edited since), from the database.
     */
    async searchParts(search: PartSearch) {
      const { browsing, search: remembered } = await catalog.get();
      const { words } = search;
      const page = words ? await remembered({ ...search, words }) : browsing.page(search);
      return page ?? searchParts(db, search);
    },

    /** A part on sale, or null: unknown, malformed and archived ids are all simply not found. */
    async findPart(id: string): Promise<CachedJson | null> {
      return (await catalog.get()).byId.get(id) ?? null;
    },

    /**
     * The same part in the shop's words, for the pages that describe it (its page's meta). The
     * list is the one the API's answers are made from, so a page and the API never disagree.
     */
    async findPartRow(id: string): Promise<PartRow | null> {
      return (await catalog.get()).rowsById.get(id) ?? null;
    },

    /** Every part on sale, by name; the same array until the catalog changes. */
    async partsOnSale(): Promise<readonly PartRow[]> {
      return (await catalog.get()).rows;
    },

    /** Every picture address a part names, archived parts included: their rows are kept whole. */
    async imagesInUse(): Promise<ReadonlySet<string>> {
      const rows = await db.selectDistinct({ image: parts.image }).from(parts);
      return new Set(rows.map((row) => row.image));
    },

    ...createPartEdits(db, {
      resolveImage,
      storeImage,
      recordAudit,
      onPartsChanged: catalog.invalidate,
    }),

    invalidate: catalog.invalidate,
  };
}

export type Catalog = ReturnType<typeof createCatalog>;
