import { vehicleSlugOf } from '@apex/contract';

import type { Database } from '../src/db/client';
import { partFitments, universalParts, type VehicleRow, vehicles } from '../src/db/schema';

type NewVehicle = Omit<typeof vehicles.$inferInsert, 'slug'>;

/** A vehicle the shop sells for; a Huracán EVO of 2019–2024 unless told otherwise. */
export async function makeVehicle(
  db: Database,
  overrides: Partial<NewVehicle> = {},
): Promise<VehicleRow> {
  const values = {
    make: 'Lamborghini',
    model: 'Huracán',
    generation: 'EVO',
    yearFrom: 2019,
    yearTo: 2024,
    trim: null,
    engine: '5.2 L V10',
    ...overrides,
  };
  const slug = vehicleSlugOf([values.make, values.model, values.generation, values.trim]);
  const [row] = await db
    .insert(vehicles)
    .values({ ...values, slug })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** Records that a part fits these vehicles. */
export async function fit(db: Database, partId: string, ...fitted: VehicleRow[]): Promise<void> {
  await db.insert(partFitments).values(fitted.map((v) => ({ partId, vehicleId: v.id })));
}

export async function makeUniversal(db: Database, partId: string): Promise<void> {
  await db.insert(universalParts).values({ partId });
}
