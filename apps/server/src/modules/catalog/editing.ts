import { httpErrors } from '@fastify/sensible';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';

import { type ActivitySnapshot, MAX_STOCK } from '@apex/contract';

import type { Database } from '../../db/client';
import { type PartRow, parts } from '../../db/schema';
import type { AuditEntry, RecordAudit } from '../../lib/audit';
import { isUuid } from '../../lib/ids';
import type { PartInfo } from './wire';

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
 * The admins' changes to the catalog: each is written to the audit log in its transaction, and
 * `onPartsChanged` drops this instance's copy of the catalog once it commits.
 */
export function createPartEdits(
  db: Database,
  {
    resolveImage,
    storeImage,
    recordAudit,
    onPartsChanged,
  }: {
    /** The picture a part's form names, as the part keeps it (part-images.ts). */
    resolveImage: (image: string) => Promise<string>;
    /** Keeps an uploaded picture; answers the address it is served at. */
    storeImage: (bytes: Buffer) => Promise<string>;
    recordAudit: RecordAudit;
    onPartsChanged: () => void;
  },
) {
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
      onPartsChanged();
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
      if (edit.saved) onPartsChanged();
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
      onPartsChanged();
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
      onPartsChanged();
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
  };
}
