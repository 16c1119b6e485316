import { z } from 'zod';

/** The model years the shop sells for. */
export const VEHICLE_YEAR_MIN = 1950;
export const VEHICLE_YEAR_MAX = 2100;

/** How many vehicles one part's fitment may name at once. */
export const FITMENT_MAX_VEHICLES = 500;

/** How many parts one fitment request may ask about: a page of cards, with room. */
export const FITMENT_MAX_PARTS = 100;

/** The longest slug: with a year before it, a key stays within 100 characters. */
const VEHICLE_SLUG_MAX = 95;

/**
 * A vehicle in a model year, as the address carries it (`?vehicle=2019-lamborghini-huracan-evo`):
 * the year, then the vehicle's slug. Readable, so a filtered page can be shared and crawled.
 */
export const VehicleKeySchema = z
  .string({ message: 'vehicle is a model year and a vehicle, as 2019-lamborghini-huracan-evo' })
  .max(100, 'vehicle must be at most 100 characters')
  .regex(
    /^\d{4}-[a-z0-9]+(?:-[a-z0-9]+)*$/,
    'vehicle is a model year and a vehicle, as 2019-lamborghini-huracan-evo',
  )
  .describe('A model year and a vehicle, as 2019-lamborghini-huracan-evo');

/** The year and the vehicle's slug a key names; the schema above has checked its form. */
export function vehicleKeyParts(key: string): { year: number; slug: string } {
  return { year: Number(key.slice(0, 4)), slug: key.slice(5) };
}

export const vehicleKeyOf = (year: number, slug: string) => `${year}-${slug}`;

/** The slug of a vehicle's words: lower case, accents and punctuation dropped ("Huracán" → "huracan"). */
export function vehicleSlugOf(words: (string | null | undefined)[]): string {
  return words
    .filter((word): word is string => Boolean(word))
    .join(' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const name = (field: string, max: number) =>
  z
    .string({ message: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be ${max} characters or fewer`);
const optionalName = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${field} must be ${max} characters or fewer`)
    .nullish()
    .transform((value) => value || null);
const modelYear = (field: string) =>
  z
    .number({ message: `Enter the ${field} as a number` })
    .int(`The ${field} must be a whole year`)
    .min(VEHICLE_YEAR_MIN, `The ${field} must be ${VEHICLE_YEAR_MIN} or later`)
    .max(VEHICLE_YEAR_MAX, `The ${field} must be ${VEHICLE_YEAR_MAX} or earlier`);

/** A vehicle the shop sells for, as the admin's form and `POST`/`PUT /manage/vehicles` carry it. */
export const VehicleFieldsSchema = z
  .object({
    make: name('Make', 40),
    model: name('Model', 60),
    generation: optionalName('Generation', 40).describe(
      'e.g. 991.2; empty when it does not matter',
    ),
    yearFrom: modelYear('first year'),
    yearTo: modelYear('last year'),
    trim: optionalName('Trim', 60).describe('e.g. GT3; empty when it does not matter'),
    engine: optionalName('Engine', 80).describe('e.g. 4.0 L flat-six'),
  })
  .refine((vehicle) => vehicle.yearTo >= vehicle.yearFrom, {
    path: ['yearTo'],
    message: 'The last year cannot be before the first year',
  })
  // The slug names the vehicle in addresses: it needs a letter or digit, and room for a year.
  .refine(
    (vehicle) => {
      const slug = vehicleSlugOf([vehicle.make, vehicle.model, vehicle.generation, vehicle.trim]);
      return slug.length > 0 && slug.length <= VEHICLE_SLUG_MAX;
    },
    {
      path: ['model'],
      message: `Make, model, generation and trim need letters or digits, and at most ${VEHICLE_SLUG_MAX} together`,
    },
  );
export type VehicleFields = z.infer<typeof VehicleFieldsSchema>;

export const VehicleSchema = z
  .object({
    _id: z.string(),
    slug: z.string().describe('Unique; with a model year it makes the `vehicle` parameter'),
    make: z.string(),
    model: z.string(),
    generation: z.string().nullable(),
    yearFrom: z.number().int(),
    yearTo: z.number().int(),
    trim: z.string().nullable(),
    engine: z.string().nullable(),
    name: z.string().describe('Make, model, generation and trim, as the shop writes them'),
  })
  .meta({ id: 'Vehicle' });
export type Vehicle = z.infer<typeof VehicleSchema>;

export const VehicleListSchema = z.array(VehicleSchema);

/** A vehicle in one model year: what a customer picks, keeps in the garage, and shops for. */
export const ModelYearVehicleSchema = z
  .object({
    key: z.string().describe('The `vehicle` parameter for this vehicle in this year'),
    year: z.number().int(),
    name: z.string().describe('The year and the vehicle, as "2019 Lamborghini Huracán EVO"'),
    vehicle: VehicleSchema,
  })
  .meta({ id: 'ModelYearVehicle' });
export type ModelYearVehicle = z.infer<typeof ModelYearVehicleSchema>;

export const VehicleKeyParamsSchema = z.object({ key: VehicleKeySchema });
export const VehicleIdParamsSchema = z.object({ id: z.string().max(64) });

/** The picker's choices so far: each list of `VehicleOptions` needs the ones before it. */
export const VehicleOptionsQuerySchema = z.object({
  year: z.coerce
    .number({ message: 'year must be a number' })
    .int('year must be a whole year')
    .min(VEHICLE_YEAR_MIN, `year must be ${VEHICLE_YEAR_MIN} or later`)
    .max(VEHICLE_YEAR_MAX, `year must be ${VEHICLE_YEAR_MAX} or earlier`)
    .optional(),
  make: z.string().max(40, 'make must be at most 40 characters').optional(),
  model: z.string().max(60, 'model must be at most 60 characters').optional(),
});
export type VehicleOptionsQuery = z.infer<typeof VehicleOptionsQuerySchema>;

/** The picker's selects, each listing only what the shop sells for, given the choices before. */
export const VehicleOptionsSchema = z
  .object({
    years: z.array(z.number().int()).describe('Every model year, newest first'),
    makes: z.array(z.string()).describe('The makes of the year asked; empty without one'),
    models: z.array(z.string()).describe('The models of the year and make asked'),
    vehicles: z
      .array(z.object({ key: z.string(), trim: z.string(), name: z.string() }))
      .describe('The trims of the year, make and model asked: each a vehicle in that year'),
  })
  .meta({ id: 'VehicleOptions' });
export type VehicleOptions = z.infer<typeof VehicleOptionsSchema>;

/** Which vehicles a part fits: all when universal, else the ones listed. */
export const PartFitmentSchema = z
  .object({
    partId: z.string(),
    universal: z.boolean().describe('Fits every vehicle'),
    vehicles: VehicleListSchema,
  })
  .meta({ id: 'PartFitment' });
export type PartFitment = z.infer<typeof PartFitmentSchema>;

export const FitmentQuerySchema = z.object({
  parts: z
    .string({ message: 'parts is a comma-separated list of part ids' })
    .max(FITMENT_MAX_PARTS * 37, `parts names at most ${FITMENT_MAX_PARTS} parts`)
    .transform((list) => [...new Set(list.split(',').filter(Boolean))])
    .refine((ids) => ids.length <= FITMENT_MAX_PARTS, {
      message: `parts names at most ${FITMENT_MAX_PARTS} parts`,
    })
    .describe('Part ids, separated by commas'),
});

export const FitmentListSchema = z
  .object({ parts: z.array(PartFitmentSchema) })
  .meta({ id: 'FitmentList' });
export type FitmentList = z.infer<typeof FitmentListSchema>;

/** An admin's setting of a part's fitment: universal, or the vehicles it fits. */
export const PartFitmentChangeSchema = z.object({
  universal: z.boolean({ message: 'universal is true or false' }),
  vehicleIds: z
    .array(z.uuid({ message: 'Each vehicle is a vehicle id' }))
    .max(FITMENT_MAX_VEHICLES, `A part fits at most ${FITMENT_MAX_VEHICLES} vehicles here`),
});
export type PartFitmentChange = z.infer<typeof PartFitmentChangeSchema>;
