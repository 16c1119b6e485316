import { count } from 'drizzle-orm';

import type { Database } from './client';
import { demoParts, demoReviews } from './demo-data';
import { parts, reviews } from './schema';

/** Fills an empty shop with the demo catalogue and reviews; a shop with any part is left alone. */
export async function seedDemoData(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ n: count() }).from(parts);
    if ((row?.n ?? 0) > 0) return false;
    await tx
      .insert(parts)
      .values(
        demoParts.map(({ slug, ...part }) => ({ ...part, image: `/images/parts/${slug}.svg` })),
      );
    await tx.insert(reviews).values([...demoReviews]);
    return true;
  });
}
