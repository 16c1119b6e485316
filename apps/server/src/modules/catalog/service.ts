import { httpErrors } from '@fastify/sensible';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';

import { type ActivitySnapshot, MAX_STOCK } from '@apex/contract';

import type { Database } from '../../db/client';
import { partColumns, type PartRow, parts } from '../../db/schema';
import type { AuditEntry, RecordAudit } from '../../lib/audit';
import { isUuid } from '../../lib/ids';
import { type CachedJson, type CacheOf, toCachedJson } from '../../lib/json-cache';
import { createBrowsing } from './browse';
import { type PartSearch, searchParts } from './search';
import { createSearchMemory } from './search-memory';
import { type PartInfo, toPartJson } from './wire';

/** A part as the audit log keeps it, before or after a change. */
function partSnapshot(row: PartRow): ActivitySnapshot {
  return {
    name: row.name,
    image: row.image,
    description: row.description,
    priceCents: row.priceCents,
    stock: row.stock,
    minOrder: row.minOrder,
    onSale: row.archivedAt === null,
  };
}

const notInCatalog = () => httpErrors.notFound('There is no part with this id in the catalogue');

/** The outcome of an edit: saved, or refused because the part changed since the form opened. */
export type PartEdit = { saved: true; part: PartRow } | { saved: false; current: PartRow };

/** A `version = version + 1` for every write to a part, so edits from older copies are refused. */
const nextVersion = sql`${parts.version} + 1`;

/**
 * The parts on sale. Reads are answered from memory (the catalog is small and read on every
 * visit). Every write here, and every stock change elsewhere, calls `invalidate()`, so this
 * instance shows it at once; other instances drop their copy when the database tells them of
 * the write (`cacheOf`, decision 003). Every write is an admin's, and is written to the audit
 * log with it.
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

  const onSale = (id: string) => and(eq(parts.id, id), isNull(parts.archivedAt));

  const partChange = (
    actor: AuditEntry['actor'],
    action: AuditEntry['action'],
    before: PartRow | null,
    after: PartRow,
  ): AuditEntry => ({
    actor,
    action,
    subject: { type: 'part', id: after.id },
    before: before && partSnapshot(before),
    after: partSnapshot(after),
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

    async addPart(
      actor: AuditEntry['actor'],
      part: PartInfo & { stock: number },
    ): Promise<PartRow> {
      const image = await resolveImage(part.image);
      const added = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(parts)
          .values({ ...part, image })
          .returning();
        if (!row) throw new Error('the part insert returned nothing');
        await recordAudit(tx, partChange(actor, 'part.add', null, row));
        return row;
      });
      catalog.invalidate();
      return added;
    },

    /**
     * Saves an edit of a part's details, made from the version the form was opened with. If the
     * part changed since (an order, a restock, another admin's edit), nothing is saved and the
     * part as it is now comes back instead. The stock is never written here: it is not the
     * form's to set, so a sale made while the form was open is never undone.
     */
    async updatePart(
      actor: AuditEntry['actor'],
      id: string,
      { version, info }: { version: number; info: PartInfo },
    ): Promise<PartEdit> {
      if (!isUuid(id)) throw notInCatalog();
      const image = await resolveImage(info.image);
      const edit = await db.transaction(async (tx): Promise<PartEdit> => {
        // Locked, so the copy kept as "before" is the one the edit replaces.
        const [current] = await tx.select().from(parts).where(onSale(id)).for('update');
        if (!current) throw notInCatalog();
        if (current.version !== version) return { saved: false, current };
        const [row] = await tx
          .update(parts)
          .set({ ...info, image, version: nextVersion, updatedAt: new Date() })
          .where(and(onSale(id), eq(parts.version, version)))
          .returning();
        if (!row) throw new Error('the locked part was not updated');
        await recordAudit(tx, partChange(actor, 'part.edit', current, row));
        return { saved: true, part: row };
      });
      if (edit.saved) catalog.invalidate();
      return edit;
    },

    /**
     * Adds units to the stock as it is when the restock arrives, in one statement: orders placed
     * meanwhile keep what they took. The stock stays within the shop's maximum.
     */
    async restockPart(actor: AuditEntry['actor'], id: string, units: number): Promise<PartRow> {
      if (!isUuid(id)) throw notInCatalog();
      const restocked = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(parts)
          .set({
            stock: sql`${parts.stock} + ${units}`,
            version: nextVersion,
            updatedAt: new Date(),
          })
          .where(and(onSale(id), lte(parts.stock, MAX_STOCK - units)))
          .returning();
        if (!row) {
          const [part] = await tx.select().from(parts).where(onSale(id));
          if (!part) throw notInCatalog();
          throw httpErrors.conflict(
            `A part can have at most ${MAX_STOCK.toLocaleString('en-US')} units in stock: this one has ${part.stock.toLocaleString('en-US')}, so at most ${(MAX_STOCK - part.stock).toLocaleString('en-US')} more fit`,
          );
        }
        const before = { ...row, stock: row.stock - units };
        await recordAudit(tx, partChange(actor, 'part.restock', before, row));
        return row;
      });
      catalog.invalidate();
      return restocked;
    },

    /** Takes a part off sale. The row stays, so orders that name it keep their history. */
    async archivePart(actor: AuditEntry['actor'], id: string): Promise<{ deletedCount: number }> {
      if (!isUuid(id)) throw notInCatalog();
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(parts)
          .set({ archivedAt: new Date(), version: nextVersion, updatedAt: new Date() })
          .where(onSale(id))
          .returning();
        if (!row) throw notInCatalog();
        await recordAudit(tx, partChange(actor, 'part.archive', { ...row, archivedAt: null }, row));
      });
      catalog.invalidate();
      return { deletedCount: 1 };
    },

    /** Keeps an uploaded picture and notes who uploaded it; answers its address. */
    async uploadPicture(actor: AuditEntry['actor'], bytes: Buffer): Promise<string> {
      const image = await storeImage(bytes);
      // The file is not in the database, so there is no transaction to share: it is kept first,
      // and an upload that failed leaves no entry.
      await recordAudit(db, {
        actor,
        action: 'picture.upload',
        subject: { type: 'picture', id: image },
        before: null,
        after: { image },
      });
      return image;
    },

    /** Every picture address a part names, archived parts included: their rows are kept whole. */
    async imagesInUse(): Promise<ReadonlySet<string>> {
      const rows = await db.selectDistinct({ image: parts.image }).from(parts);
      return new Set(rows.map((row) => row.image));
    },

    invalidate: catalog.invalidate,
  };
}

export type Catalog = ReturnType<typeof createCatalog>;
