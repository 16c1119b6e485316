import { sql } from 'drizzle-orm';

import type { Database } from '../../db/client';
import { shopSettings } from '../../db/schema';

/** The setting that holds the start of the last hour whose picture sweep an instance took. */
const LAST_SWEEP = 'picture-sweep-hour';

/**
 * Claims the picture sweep of the hour starting at `hourStart` for this instance: true for the
 * first instance to ask, false for every other. One atomic statement, so two instances asking
 * at once cannot both win, on PGlite and PostgreSQL alike.
 */
export async function claimPictureSweep(db: Database, hourStart: Date): Promise<boolean> {
  // ISO times of one format sort as text in time order.
  const hour = hourStart.toISOString();
  const claimed = await db
    .insert(shopSettings)
    .values({ key: LAST_SWEEP, value: hour })
    .onConflictDoUpdate({
      target: shopSettings.key,
      set: { value: hour },
      setWhere: sql`${shopSettings.value} < ${hour}`,
    })
    .returning({ key: shopSettings.key });
  return claimed.length > 0;
}
