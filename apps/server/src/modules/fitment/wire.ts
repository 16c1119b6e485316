import {
  type Garage,
  type ModelYearVehicle,
  type PartFitment,
  type Vehicle,
  vehicleKeyOf,
} from '@apex/contract';

import type { VehicleRow } from '../../db/schema';
import type { GarageView } from './garage';
import type { PartFitmentRows } from './part-fitment';
import { vehicleNameOf } from './vehicle-name';

export function toVehicleJson(row: VehicleRow): Vehicle {
  return {
    _id: row.id,
    slug: row.slug,
    make: row.make,
    model: row.model,
    generation: row.generation,
    yearFrom: row.yearFrom,
    yearTo: row.yearTo,
    trim: row.trim,
    engine: row.engine,
    name: vehicleNameOf(row),
  };
}

/** The vehicle in one model year, as a customer picks it: "2019 Lamborghini Huracán EVO". */
export function toModelYearJson(row: VehicleRow, year: number): ModelYearVehicle {
  return {
    key: vehicleKeyOf(year, row.slug),
    year,
    name: `${year} ${vehicleNameOf(row)}`,
    vehicle: toVehicleJson(row),
  };
}

export const toFitmentJson = (fitment: PartFitmentRows): PartFitment => ({
  partId: fitment.partId,
  universal: fitment.universal,
  vehicles: fitment.vehicles.map(toVehicleJson),
});

export const toGarageJson = (garage: GarageView): Garage => ({
  vehicles: garage.entries.map(({ row, year }) => toModelYearJson(row, year)),
  current: garage.current,
});
