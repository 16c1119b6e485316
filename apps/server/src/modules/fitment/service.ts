import { httpErrors } from '@fastify/sensible';

import type { Database } from '../../db/client';
import type { RecordAudit } from '../../lib/audit';
import { createGarage } from './garage';
import { createPartFitment } from './part-fitment';
import { createVehicles } from './vehicles';

/** The fitment module: the vehicles, what fits them, and the customers' garages. */
export function createFitment(db: Database, deps: { recordAudit: RecordAudit }) {
  const vehicles = createVehicles(db, deps);
  const parts = createPartFitment(db, deps);
  return {
    vehicles,
    parts,
    garage: createGarage(db),

    /**
     * The ids of the parts that fit the vehicle a key names (the catalogue's `?vehicle=`); a key
     * naming no vehicle the shop sells for is refused as bad input.
     */
    async partsFittingKey(key: string): Promise<ReadonlySet<string>> {
      const found = await vehicles.findByKey(key);
      if (!found) {
        throw httpErrors.badRequest(`vehicle names no vehicle the shop sells for: ${key}`);
      }
      return parts.partsFitting(found.row.id);
    },
  };
}

export type Fitment = ReturnType<typeof createFitment>;
