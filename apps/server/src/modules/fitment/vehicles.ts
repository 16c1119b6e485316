import { httpErrors } from '@fastify/sensible';
import { and, asc, eq, gte, lte } from 'drizzle-orm';

import {
  type ActivitySnapshot,
  type VehicleFields,
  vehicleKeyParts,
  type VehicleOptions,
  type VehicleOptionsQuery,
  vehicleSlugOf,
} from '@apex/contract';

import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { type VehicleRow, vehicles } from '../../db/schema';
import type { AuditEntry, RecordAudit } from '../../lib/audit';
import { isUuid } from '../../lib/ids';
import { vehicleNameOf } from './vehicle-name';

const byName = (a: string, b: string) => a.localeCompare(b, 'en');

/** What the trim select shows for a vehicle: its generation and trim, and the engine. */
function trimOf(row: VehicleRow): string {
  const trim = [row.generation, row.trim].filter(Boolean).join(' ') || row.model;
  return row.engine ? `${trim} (${row.engine})` : trim;
}

function vehicleSnapshot(row: VehicleRow): ActivitySnapshot {
  return {
    name: vehicleNameOf(row),
    make: row.make,
    model: row.model,
    generation: row.generation,
    yearFrom: row.yearFrom,
    yearTo: row.yearTo,
    trim: row.trim,
    engine: row.engine,
  };
}

const noVehicle = () => httpErrors.notFound('There is no such vehicle in the shop');

/**
 * The vehicles the shop sells for: the picker's choices, a model year's vehicle by its key, and
 * the admins' list and edits (each written to the audit log with the change).
 */
export function createVehicles(db: Database, { recordAudit }: { recordAudit: RecordAudit }) {
  const all = () =>
    db
      .select()
      .from(vehicles)
      .orderBy(asc(vehicles.make), asc(vehicles.model), asc(vehicles.yearFrom), asc(vehicles.slug));

  const change = (
    actor: AuditEntry['actor'],
    action: 'vehicle.add' | 'vehicle.edit' | 'vehicle.delete',
    before: VehicleRow | null,
    after: VehicleRow | null,
  ): AuditEntry => ({
    actor,
    action,
    subject: { type: 'vehicle', id: (after ?? before)?.id ?? '' },
    before: before && vehicleSnapshot(before),
    after: after && vehicleSnapshot(after),
  });

  /** The row to write for the fields, and a refusal when another vehicle has the same words. */
  const rowOf = (fields: VehicleFields) => ({
    ...fields,
    slug: vehicleSlugOf([fields.make, fields.model, fields.generation, fields.trim]),
  });
  const sameWords = (fields: VehicleFields) =>
    httpErrors.conflict(
      `The shop has a vehicle named ${[fields.make, fields.model, fields.generation, fields.trim].filter(Boolean).join(' ')} already`,
    );

  return {
    list: all,

    /**
     * The picker's choices: every model year; for a year, its makes; for a year and make, its
     * models; for all three, the vehicles of that year. Each lists only what the shop has.
     */
    async options({ year, make, model }: VehicleOptionsQuery): Promise<VehicleOptions> {
      const rows = await all();
      const years = new Set<number>();
      for (const row of rows) for (let y = row.yearFrom; y <= row.yearTo; y++) years.add(y);
      const ofYear =
        year === undefined ? [] : rows.filter((r) => r.yearFrom <= year && year <= r.yearTo);
      const ofMake = make === undefined ? [] : ofYear.filter((r) => r.make === make);
      const ofModel = model === undefined ? [] : ofMake.filter((r) => r.model === model);
      return {
        years: [...years].sort((a, b) => b - a),
        makes: [...new Set(ofYear.map((r) => r.make))].sort(byName),
        models: [...new Set(ofMake.map((r) => r.model))].sort(byName),
        vehicles: ofModel.map((row) => ({
          key: `${year}-${row.slug}`,
          trim: trimOf(row),
          name: `${year} ${vehicleNameOf(row)}`,
        })),
      };
    },

    /** The vehicle a key names, when the shop sells for it in that year; else null. */
    async findByKey(key: string): Promise<{ row: VehicleRow; year: number } | null> {
      const { year, slug } = vehicleKeyParts(key);
      const [row] = await db
        .select()
        .from(vehicles)
        .where(
          and(eq(vehicles.slug, slug), lte(vehicles.yearFrom, year), gte(vehicles.yearTo, year)),
        );
      return row ? { row, year } : null;
    },

    async add(actor: AuditEntry['actor'], fields: VehicleFields): Promise<VehicleRow> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx.insert(vehicles).values(rowOf(fields)).returning();
          if (!row) throw new Error('the vehicle insert returned nothing');
          await recordAudit(tx, change(actor, 'vehicle.add', null, row));
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw sameWords(fields);
        throw error;
      }
    },

    async edit(actor: AuditEntry['actor'], id: string, fields: VehicleFields): Promise<VehicleRow> {
      if (!isUuid(id)) throw noVehicle();
      try {
        return await db.transaction(async (tx) => {
          const [before] = await tx
            .select()
            .from(vehicles)
            .where(eq(vehicles.id, id))
            .for('update');
          if (!before) throw noVehicle();
          const [row] = await tx
            .update(vehicles)
            .set({ ...rowOf(fields), updatedAt: new Date() })
            .where(eq(vehicles.id, id))
            .returning();
          if (!row) throw noVehicle();
          await recordAudit(tx, change(actor, 'vehicle.edit', before, row));
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw sameWords(fields);
        throw error;
      }
    },

    /** Deletes a vehicle, with its fitment rows and the garages' entries of it. */
    async remove(actor: AuditEntry['actor'], id: string): Promise<{ deletedCount: number }> {
      if (!isUuid(id)) throw noVehicle();
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(vehicles).where(eq(vehicles.id, id)).returning();
        if (!row) throw noVehicle();
        await recordAudit(tx, change(actor, 'vehicle.delete', row, null));
      });
      return { deletedCount: 1 };
    },
  };
}
