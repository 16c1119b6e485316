import { httpErrors } from '@fastify/sensible';
import { and, asc, eq, isNull } from 'drizzle-orm';

import { centsToDollars, dollarsToCents, type Part, type PartFields } from '@apex/contract';

import type { Database } from '../../db/client';
import { type PartRow, parts } from '../../db/schema';
import { type CachedJson, createCache, toCachedJson } from '../../lib/json-cache';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

function toPartColumns(fields: PartFields) {
  return {
    name: fields.name,
    image: fields.image,
    description: fields.description,
    priceCents: dollarsToCents(fields.price),
    stock: fields.quantity,
    minOrder: fields.minorder,
  };
}

const notInCatalogue = () => httpErrors.notFound('There is no part with this id in the catalogue');

/**
 * The parts on sale. Reads are answered from memory (the catalogue is small and read on every
 * visit); every write here, and every stock change elsewhere, calls `invalidate()` so that
 * visitors see it at once.
 */
export function createCatalog(
  db: Database,
  { checkImage }: { checkImage: (image: string) => Promise<void> },
) {
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

  const onSale = (id: string) => and(eq(parts.id, id), isNull(parts.archivedAt));

  return {
    async listParts(): Promise<CachedJson> {
      return (await catalogue.get()).list;
    },
    /** A part on sale, or null: unknown, malformed and archived ids are all simply not found. */
    async findPart(id: string): Promise<CachedJson | null> {
      return (await catalogue.get()).byId.get(id) ?? null;
    },

    async addPart(fields: PartFields): Promise<PartRow> {
      await checkImage(fields.image);
      const [row] = await db.insert(parts).values(toPartColumns(fields)).returning();
      if (!row) throw new Error('the part insert returned nothing');
      catalogue.invalidate();
      return row;
    },

    /**
     * Replaces a part's fields; the stock is set to the quantity given (a restock). Orders already
     * placed keep the name and price they were placed at.
     */
    async updatePart(id: string, fields: PartFields): Promise<PartRow> {
      if (!UUID.test(id)) throw notInCatalogue();
      await checkImage(fields.image);
      const [row] = await db
        .update(parts)
        .set({ ...toPartColumns(fields), updatedAt: new Date() })
        .where(onSale(id))
        .returning();
      if (!row) throw notInCatalogue();
      catalogue.invalidate();
      return row;
    },

    /** Takes a part off sale. The row stays, so orders that name it keep their history. */
    async archivePart(id: string): Promise<{ deletedCount: number }> {
      if (!UUID.test(id)) throw notInCatalogue();
      const archived = await db
        .update(parts)
        .set({ archivedAt: new Date(), updatedAt: new Date() })
        .where(onSale(id))
        .returning({ id: parts.id });
      if (archived.length === 0) throw notInCatalogue();
      catalogue.invalidate();
      return { deletedCount: 1 };
    },

    /** Every picture address a part names, archived parts included: their rows are kept whole. */
    async imagesInUse(): Promise<ReadonlySet<string>> {
      const rows = await db.selectDistinct({ image: parts.image }).from(parts);
      return new Set(rows.map((row) => row.image));
    },

    invalidate: catalogue.invalidate,
  };
}

export type Catalog = ReturnType<typeof createCatalog>;
