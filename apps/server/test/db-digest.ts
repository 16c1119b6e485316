import { createHash } from 'node:crypto';

import { asc } from 'drizzle-orm';

import type { Database } from '../src/db/client';
import {
  accounts,
  auditLog,
  builtinPaymentIntents,
  garageVehicles,
  orders,
  outbox,
  partFitments,
  parts,
  profiles,
  reviews,
  shopSettings,
  universalParts,
  users,
  vehicles,
} from '../src/db/schema';

/**
 * A SHA-256 over every row of the shop's own tables, each read in primary-key order: two equal
 * digests mean the shop's data did not change in between, down to an `updated_at`.
 *
 * Left out on purpose: sessions, verifications and the rate-limit counters. Signing in writes a
 * session, and counting requests writes counters, even when the request itself is refused; those
 * rows are bookkeeping, not the shop's data.
 */
export async function shopDigest(db: Database): Promise<string> {
  const tables = {
    parts: await db.select().from(parts).orderBy(asc(parts.id)),
    reviews: await db.select().from(reviews).orderBy(asc(reviews.id)),
    orders: await db.select().from(orders).orderBy(asc(orders.id)),
    profiles: await db.select().from(profiles).orderBy(asc(profiles.userId)),
    users: await db.select().from(users).orderBy(asc(users.id)),
    accounts: await db.select().from(accounts).orderBy(asc(accounts.id)),
    builtinPaymentIntents: await db
      .select()
      .from(builtinPaymentIntents)
      .orderBy(asc(builtinPaymentIntents.id)),
    auditLog: await db.select().from(auditLog).orderBy(asc(auditLog.id)),
    shopSettings: await db.select().from(shopSettings).orderBy(asc(shopSettings.key)),
    vehicles: await db.select().from(vehicles).orderBy(asc(vehicles.id)),
    partFitments: await db
      .select()
      .from(partFitments)
      .orderBy(asc(partFitments.partId), asc(partFitments.vehicleId)),
    universalParts: await db.select().from(universalParts).orderBy(asc(universalParts.partId)),
    garageVehicles: await db
      .select()
      .from(garageVehicles)
      .orderBy(asc(garageVehicles.userId), asc(garageVehicles.vehicleId), asc(garageVehicles.year)),
    // Which mails are queued, not how far their delivery got: a sender may be at work.
    outbox: await db.select({ id: outbox.id }).from(outbox).orderBy(asc(outbox.id)),
  };
  return createHash('sha256').update(JSON.stringify(tables)).digest('hex');
}
