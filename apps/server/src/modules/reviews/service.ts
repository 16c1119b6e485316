import { desc } from 'drizzle-orm';

import type { Review } from '@apex/contract';

import type { Database } from '../../db/client';
import { type ReviewRow, reviews } from '../../db/schema';
import { type CachedJson, createCache, toCachedJson } from '../../lib/json-cache';

/** The public face of a review: the reviewer's email stays in the database. */
export function toReviewJson(row: ReviewRow): Review {
  return {
    _id: row.id,
    reviewerName: row.reviewerName,
    rating: row.rating,
    description: row.description,
  };
}

export function createReviews(db: Database) {
  const latest = createCache(async () => {
    const rows = await db.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id));
    return toCachedJson(rows.map(toReviewJson));
  });
  return {
    /** Every review, newest first, as the home page shows them. */
    listReviews: (): Promise<CachedJson> => latest.get(),
    invalidate: latest.invalidate,
  };
}

export type Reviews = ReturnType<typeof createReviews>;
