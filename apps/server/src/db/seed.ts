import { count, eq } from 'drizzle-orm';

import { vehicleSlugOf } from '@apex/contract';

import type { Database } from './client';
import { demoParts, demoReviews } from './demo-data';
import { demoFitment, demoVehicles } from './demo-vehicles';
import {
  partFitments,
  parts,
  reviews,
  shopSettings,
  universalParts,
  users,
  vehicles,
} from './schema';

/** The shop setting that records that the one-time demo seeding has been decided. */
export const DEMO_SEEDED_SETTING = 'demo-seeded';

/**
 * Fills an empty shop (no parts, no accounts) with the demo catalog and reviews, once in the
 * shop's life: the decision is recorded in shop_settings whatever it was, so nothing is added
 * again on a later start, even after everything was deleted. True when this call added them.
 */
export async function seedDemoData(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Claimed first: a second server starting at the same time waits here, then finds it done.
    const claimed = await tx
      .insert(shopSettings)
      .values({ key: DEMO_SEEDED_SETTING, value: 'seeded' })
      .onConflictDoNothing()
      .returning({ key: shopSettings.key });
    if (claimed.length === 0) return false;
    const [partCount] = await tx.select({ n: count() }).from(parts);
    const [userCount] = await tx.select({ n: count() }).from(users);
    if ((partCount?.n ?? 0) > 0 || (userCount?.n ?? 0) > 0) {
      await tx
        .update(shopSettings)
        .set({ value: 'skipped: the shop had data' })
        .where(eq(shopSettings.key, DEMO_SEEDED_SETTING));
      return false;
    }
    const added = await tx
      .insert(parts)
      .values(
        demoParts.map(({ slug, ...part }) => ({ ...part, image: `/images/parts/${slug}.svg` })),
      )
      .returning({ id: parts.id, image: parts.image });
    await tx.insert(reviews).values([...demoReviews]);
    await seedDemoFitment(tx, added);
    return true;
  });
}

/** The demo vehicles, and which demo parts fit them. */
async function seedDemoFitment(tx: Database, added: { id: string; image: string }[]) {
  const vehicleRows = await tx
    .insert(vehicles)
    .values(
      demoVehicles.map(({ key: _key, ...vehicle }) => ({
        ...vehicle,
        slug: vehicleSlugOf([vehicle.make, vehicle.model, vehicle.generation, vehicle.trim]),
      })),
    )
    .returning({ id: vehicles.id });
  const vehicleIds = new Map(demoVehicles.map((v, i) => [v.key, vehicleRows[i]?.id]));
  const partIds = new Map(added.map((p) => [p.image.replace(/^.*\/|\.svg$/g, ''), p.id]));
  const universal: { partId: string }[] = [];
  const fits: { partId: string; vehicleId: string }[] = [];
  for (const [slug, fitsWhat] of Object.entries(demoFitment)) {
    const partId = partIds.get(slug);
    if (!partId) continue;
    if (fitsWhat === 'universal') universal.push({ partId });
    else {
      for (const key of fitsWhat) {
        const vehicleId = vehicleIds.get(key);
        if (vehicleId) fits.push({ partId, vehicleId });
      }
    }
  }
  if (universal.length) await tx.insert(universalParts).values(universal);
  if (fits.length) await tx.insert(partFitments).values(fits);
}
