import { z } from 'zod';

import { GARAGE_MAX_VEHICLES } from './quantity-rules';
import { ModelYearVehicleSchema, VehicleKeySchema } from './vehicles';

/**
 * A garage as the customer sets it: vehicles in model years, and the current one, which the
 * catalogue shops for. A visitor's stays in the browser and is merged at sign-in.
 */
export const GarageInputSchema = z
  .object({
    vehicles: z
      .array(VehicleKeySchema)
      .max(GARAGE_MAX_VEHICLES, `My Garage keeps at most ${GARAGE_MAX_VEHICLES} vehicles`),
    current: VehicleKeySchema.nullable(),
  })
  .refine((garage) => new Set(garage.vehicles).size === garage.vehicles.length, {
    path: ['vehicles'],
    message: 'A vehicle is in My Garage once',
  })
  .refine((garage) => garage.current === null || garage.vehicles.includes(garage.current), {
    path: ['current'],
    message: 'The current vehicle must be one of the garage',
  });
export type GarageInput = z.infer<typeof GarageInputSchema>;

export const GarageSchema = z
  .object({
    vehicles: z.array(ModelYearVehicleSchema),
    current: z.string().nullable().describe('The key of the vehicle the catalogue shops for'),
  })
  .meta({ id: 'Garage' });
export type Garage = z.infer<typeof GarageSchema>;
