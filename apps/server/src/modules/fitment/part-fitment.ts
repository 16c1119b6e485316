import { httpErrors } from '@fastify/sensible';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';

import type { PartFitmentChange } from '@apex/contract';

import type { Database } from '../../db/client';
import { partFitments, parts, universalParts, type VehicleRow, vehicles } from '../../db/schema';
import type { AuditEntry, RecordAudit } from '../../lib/audit';
import { isUuid } from '../../lib/ids';
import { vehicleNameOf } from './vehicle-name';

/** Which vehicles a part fits, in the shop's words. */
export interface PartFitmentRows {
  partId: string;
  universal: boolean;
  vehicles: VehicleRow[];
}

const notInCatalog = () => httpErrors.notFound('There is no part with this id in the catalogue');

/**
 * What fits what: the vehicles each part fits (or every vehicle, for a universal part), the parts
 * that fit one vehicle, and the admins' setting of a part's fitment.
 */
export function createPartFitment(db: Database, { recordAudit }: { recordAudit: RecordAudit }) {
  /** The fitment of each part on sale among `ids`, in the order asked; unknown ids are left out. */
  async function fitmentOf(db: Database, ids: string[]): Promise<PartFitmentRows[]> {
    const wanted = ids.filter(isUuid);
    if (wanted.length === 0) return [];
    const onSale = await db
      .select({ id: parts.id, universal: universalParts.partId })
      .from(parts)
      .leftJoin(universalParts, eq(universalParts.partId, parts.id))
      .where(and(inArray(parts.id, wanted), isNull(parts.archivedAt)));
    const fits = await db
      .select({ partId: partFitments.partId, vehicle: vehicles })
      .from(partFitments)
      .innerJoin(vehicles, eq(vehicles.id, partFitments.vehicleId))
      .where(inArray(partFitments.partId, wanted))
      .orderBy(asc(vehicles.make), asc(vehicles.model), asc(vehicles.yearFrom), asc(vehicles.slug));
    const found = new Map(onSale.map((row) => [row.id, row.universal !== null]));
    return wanted.flatMap((partId) => {
      const universal = found.get(partId);
      if (universal === undefined) return [];
      const vehicleRows = fits.filter((fit) => fit.partId === partId).map((fit) => fit.vehicle);
      return [{ partId, universal, vehicles: vehicleRows }];
    });
  }

  return {
    fitmentOf: (ids: string[]) => fitmentOf(db, ids),

    /** The ids of the parts that fit a vehicle: those fitted to it, and the universal ones. */
    async partsFitting(vehicleId: string): Promise<ReadonlySet<string>> {
      const fitted = await db
        .select({ partId: partFitments.partId })
        .from(partFitments)
        .where(eq(partFitments.vehicleId, vehicleId));
      const universal = await db.select({ partId: universalParts.partId }).from(universalParts);
      return new Set([...fitted, ...universal].map((row) => row.partId));
    },

    /** Sets which vehicles a part fits, or that it fits all; answers the part's fitment. */
    async setFitment(
      actor: AuditEntry['actor'],
      partId: string,
      { universal, vehicleIds }: PartFitmentChange,
    ): Promise<PartFitmentRows> {
      if (!isUuid(partId)) throw notInCatalog();
      const wanted = [...new Set(vehicleIds)];
      return db.transaction(async (tx) => {
        // The part is locked, so two admins' settings come one after the other, each whole.
        const [part] = await tx
          .select({ id: parts.id, name: parts.name })
          .from(parts)
          .where(and(eq(parts.id, partId), isNull(parts.archivedAt)))
          .for('update');
        if (!part) throw notInCatalog();
        const known = wanted.length
          ? await tx.select({ id: vehicles.id }).from(vehicles).where(inArray(vehicles.id, wanted))
          : [];
        if (known.length < wanted.length) {
          throw httpErrors.badRequest(
            'A vehicle named is not one the shop sells for: reload the list',
          );
        }
        const [before] = await fitmentOf(tx, [partId]);
        await tx.delete(partFitments).where(eq(partFitments.partId, partId));
        if (wanted.length) {
          await tx.insert(partFitments).values(wanted.map((vehicleId) => ({ partId, vehicleId })));
        }
        if (universal) await tx.insert(universalParts).values({ partId }).onConflictDoNothing();
        else await tx.delete(universalParts).where(eq(universalParts.partId, partId));
        const [after] = await fitmentOf(tx, [partId]);
        if (!before || !after) throw notInCatalog();
        const snapshot = (fitment: PartFitmentRows) => ({
          name: part.name,
          universal: fitment.universal,
          vehicles: fitment.vehicles.map(vehicleNameOf).join('; '),
        });
        await recordAudit(tx, {
          actor,
          action: 'part.fitment',
          subject: { type: 'part', id: partId },
          before: snapshot(before),
          after: snapshot(after),
        });
        return after;
      });
    },
  };
}
