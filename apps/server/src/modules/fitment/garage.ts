import { httpErrors } from '@fastify/sensible';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';

import {
  GARAGE_MAX_VEHICLES,
  type GarageInput,
  vehicleKeyOf,
  vehicleKeyParts,
} from '@apex/contract';

import type { Database, Transaction } from '../../db/client';
import { garageVehicles, users, type VehicleRow, vehicles } from '../../db/schema';
import type { Viewer } from '../../lib/identity';

/** A garage in the shop's words: its vehicles in their model years, and the current one's key. */
export interface GarageView {
  entries: { row: VehicleRow; year: number }[];
  current: string | null;
}

interface Entry {
  key: string;
  vehicleId: string;
  year: number;
}

/**
 * The signed-in customer's garage, kept on the account so it follows them to any device. A
 * visitor's garage stays in the browser and is merged into the account's at sign-in, as the cart.
 */
export function createGarage(db: Database) {
  async function view(viewer: Viewer): Promise<GarageView> {
    const rows = await db
      .select({ row: vehicles, year: garageVehicles.year, isCurrent: garageVehicles.isCurrent })
      .from(garageVehicles)
      .innerJoin(vehicles, eq(vehicles.id, garageVehicles.vehicleId))
      // A vehicle whose years an admin narrowed since is no longer sold for in that year.
      .where(
        and(
          eq(garageVehicles.userId, viewer.id),
          lte(vehicles.yearFrom, garageVehicles.year),
          gte(vehicles.yearTo, garageVehicles.year),
        ),
      )
      .orderBy(asc(garageVehicles.addedAt), asc(vehicles.slug), asc(garageVehicles.year));
    const current = rows.find((entry) => entry.isCurrent);
    return {
      entries: rows.map(({ row, year }) => ({ row, year })),
      current: current ? vehicleKeyOf(current.year, current.row.slug) : null,
    };
  }

  /** The entries the keys name, in their order; keys the shop sells for no vehicle are left out. */
  async function entriesOf(keys: string[]): Promise<Entry[]> {
    const wanted = keys.map((key) => ({ key, ...vehicleKeyParts(key) }));
    if (wanted.length === 0) return [];
    const rows = await db
      .select()
      .from(vehicles)
      .where(inArray(vehicles.slug, [...new Set(wanted.map((w) => w.slug))]));
    return wanted.flatMap(({ key, year, slug }) => {
      const row = rows.find((r) => r.slug === slug && r.yearFrom <= year && year <= r.yearTo);
      return row ? [{ key, vehicleId: row.id, year }] : [];
    });
  }

  /** Writes the entries to add and the current vehicle, the customer's row locked meanwhile. */
  async function write(
    tx: Transaction,
    viewer: Viewer,
    entries: Entry[],
    current: string | null,
  ): Promise<void> {
    if (entries.length > 0) {
      await tx
        .insert(garageVehicles)
        .values(entries.map(({ vehicleId, year }) => ({ userId: viewer.id, vehicleId, year })))
        .onConflictDoNothing();
    }
    if (current === null) return;
    const chosen = entries.find((entry) => entry.key === current);
    if (!chosen) return;
    await tx
      .update(garageVehicles)
      .set({ isCurrent: false })
      .where(and(eq(garageVehicles.userId, viewer.id), eq(garageVehicles.isCurrent, true)));
    await tx
      .update(garageVehicles)
      .set({ isCurrent: true })
      .where(
        and(
          eq(garageVehicles.userId, viewer.id),
          eq(garageVehicles.vehicleId, chosen.vehicleId),
          eq(garageVehicles.year, chosen.year),
        ),
      );
  }

  const lockCustomer = (tx: Transaction, viewer: Viewer) =>
    tx.select({ id: users.id }).from(users).where(eq(users.id, viewer.id)).for('update');

  return {
    view,

    /**
     * Sets the garage as the customer has it on this device: these vehicles and this current one.
     * Vehicles kept from before keep their place; a key naming no vehicle the shop sells for is
     * refused, so a customer never loses one silently.
     */
    async replace(viewer: Viewer, garage: GarageInput): Promise<GarageView> {
      const entries = await entriesOf(garage.vehicles);
      if (entries.length < garage.vehicles.length) {
        throw httpErrors.badRequest('A vehicle named is not one the shop sells for');
      }
      await db.transaction(async (tx) => {
        await lockCustomer(tx, viewer);
        const kept = sql`(${garageVehicles.vehicleId}, ${garageVehicles.year}) in (${sql.join(
          entries.map((entry) => sql`(${entry.vehicleId}::uuid, ${entry.year}::integer)`),
          sql`, `,
        )})`;
        await tx
          .delete(garageVehicles)
          .where(
            and(
              eq(garageVehicles.userId, viewer.id),
              entries.length ? sql`not ${kept}` : undefined,
            ),
          );
        if (garage.current === null) {
          await tx
            .update(garageVehicles)
            .set({ isCurrent: false })
            .where(eq(garageVehicles.userId, viewer.id));
        }
        await write(tx, viewer, entries, garage.current);
      });
      return view(viewer);
    },

    /**
     * Merges the garage a visitor kept in the browser into the account's at sign-in: vehicles
     * new to the account are added while there is room, and the browser's current vehicle,
     * the one the customer was just shopping for, becomes the current one. Keys naming no vehicle
     * the shop sells for are left out.
     */
    async merge(viewer: Viewer, garage: GarageInput): Promise<GarageView> {
      const entries = await entriesOf(garage.vehicles);
      await db.transaction(async (tx) => {
        await lockCustomer(tx, viewer);
        const held = await tx
          .select({ vehicleId: garageVehicles.vehicleId, year: garageVehicles.year })
          .from(garageVehicles)
          .where(eq(garageVehicles.userId, viewer.id));
        const has = (entry: Entry) =>
          held.some((h) => h.vehicleId === entry.vehicleId && h.year === entry.year);
        const room = Math.max(0, GARAGE_MAX_VEHICLES - held.length);
        const added = entries.filter((entry) => !has(entry)).slice(0, room);
        const taken = [...entries.filter(has), ...added];
        await write(tx, viewer, taken, garage.current);
      });
      return view(viewer);
    },
  };
}
