import type { VehicleRow } from '../../db/schema';

/** A vehicle's name as the shop writes it: make, model, generation and trim, where they matter. */
export const vehicleNameOf = (row: VehicleRow): string =>
  [row.make, row.model, row.generation, row.trim].filter(Boolean).join(' ');
