import { asc, isNull } from 'drizzle-orm';

import { centsToDollars, type Part } from '@apex/contract';

import type { Database } from '../../db/client';
import { type PartRow, parts } from '../../db/schema';
import { type CachedJson, createCache, toCachedJson } from '../../lib/json-cache';

export function toPartJson(row: PartRow): Part {
  return {
    _id: row.id,
    name: row.name,
    image: row.image,
    description: row.description,
    quantity: row.stock,
    minorder: row.minOrder,
    price: centsToDollars(row.priceCents),
  };
}

/**
 * The parts on sale. Reads are answered from memory (the catalogue is small and read on every
 * visit); every write to parts must call `invalidate()` so that visitors see it at once.
 */
export function createCatalog(db: Database) {
  const catalogue = createCache(async () => {
    const rows = await db
      .select()
      .from(parts)
      .where(isNull(parts.archivedAt))
      .orderBy(asc(parts.name), asc(parts.id));
    const list = rows.map(toPartJson);
    return {
      list: toCachedJson(list),
      byId: new Map(list.map((part) => [part._id, toCachedJson(part)])),
    };
  });

  return {
    async listParts(): Promise<CachedJson> {
      return (await catalogue.get()).list;
    },
    /** A part on sale, or null: unknown, malformed and archived ids are all simply not found. */
    async findPart(id: string): Promise<CachedJson | null> {
      return (await catalogue.get()).byId.get(id) ?? null;
    },
    invalidate: catalogue.invalidate,
  };
}

export type Catalog = ReturnType<typeof createCatalog>;
