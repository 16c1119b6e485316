import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { parts } from './catalog-schema';
import { createdAt } from './columns';
import { users } from './identity-schema';

// Fitment: the vehicles the shop sells for, which parts fit which, and each customer's garage.

/**
 * A vehicle the shop sells for: a make and model, with the generation, trim and engine where
 * they matter, over the model years it was built. The slug, made of its words, names it in
 * addresses (`?vehicle=2019-lamborghini-huracan-evo`).
 */
export const vehicles = pgTable(
  'vehicles',
  {
    id: uuid().primaryKey().defaultRandom(),
    slug: text().notNull(),
    make: text().notNull(),
    model: text().notNull(),
    generation: text(),
    yearFrom: integer().notNull(),
    yearTo: integer().notNull(),
    trim: text(),
    engine: text(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vehicles_slug_idx').on(t.slug),
    check('vehicles_years_in_order', sql`${t.yearFrom} <= ${t.yearTo}`),
  ],
);

/** Which vehicles a part fits. A part that fits every vehicle is in `universal_parts` instead. */
export const partFitments = pgTable(
  'part_fitments',
  {
    partId: uuid()
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    vehicleId: uuid()
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.partId, t.vehicleId] }),
    // The parts that fit one vehicle: the catalogue filtered by the customer's car.
    index('part_fitments_vehicle_idx').on(t.vehicleId),
  ],
);

/**
 * Parts that fit every vehicle (a seat, brake pads of a common size). A table of its own, not a
 * column of `parts`: fitment stays fitment's, and the catalogue's rows and cache are unchanged
 * (decision 024).
 */
export const universalParts = pgTable('universal_parts', {
  partId: uuid()
    .primaryKey()
    .references(() => parts.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/**
 * A signed-in customer's garage: vehicles in the model years they picked, one of them current
 * (the one the catalogue shops for). A visitor's stays in the browser until they sign in.
 */
export const garageVehicles = pgTable(
  'garage_vehicles',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vehicleId: uuid()
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    year: integer().notNull(),
    isCurrent: boolean().notNull().default(false),
    /** When it was added: the garage keeps that order. */
    addedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.vehicleId, t.year] }),
    // One current vehicle at most per customer.
    uniqueIndex('garage_vehicles_current_idx')
      .on(t.userId)
      .where(sql`${t.isCurrent}`),
  ],
);

export type VehicleRow = typeof vehicles.$inferSelect;
