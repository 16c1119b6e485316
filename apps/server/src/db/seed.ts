import { count, eq } from 'drizzle-orm';

import type { Database } from './client';
import { demoParts, demoReviews } from './demo-data';
import { parts, reviews, shopSettings, users } from './schema';

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
    await tx
      .insert(parts)
      .values(
        demoParts.map(({ slug, ...part }) => ({ ...part, image: `/images/parts/${slug}.svg` })),
      );
    await tx.insert(reviews).values([...demoReviews]);
    return true;
  });
}
