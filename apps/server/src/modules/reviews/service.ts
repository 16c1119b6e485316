import { desc } from 'drizzle-orm';

import type { NewReview, Review } from '@apex/contract';

import type { Database } from '../../db/client';
import { type ReviewRow, reviews } from '../../db/schema';
import type { Viewer } from '../../lib/identity';
import { type CachedJson, type CacheOf, toCachedJson } from '../../lib/json-cache';

/** The public face of a review: the reviewer's email stays in the database. */
export function toReviewJson(row: ReviewRow): Review {
  return {
    _id: row.id,
    reviewerName: row.reviewerName,
    rating: row.rating,
    description: row.description,
  };
}

export function createReviews(db: Database, cacheOf: CacheOf) {
  const latest = cacheOf(['reviews'], async () => {
    const rows = await db.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id));
    return toCachedJson(rows.map(toReviewJson));
  });
  return {
    /** Every review, newest first, as the home page shows them. */
    listReviews: (): Promise<CachedJson> => latest.get(),

    /** A review by the signed-in customer: their name and email come from the account. */
    async addReview(reviewer: Viewer, input: NewReview): Promise<ReviewRow> {
      const [row] = await db
        .insert(reviews)
        .values({
          reviewerName: reviewer.name,
          reviewerEmail: reviewer.email,
          rating: input.rating,
          description: input.description,
        })
        .returning();
      if (!row) throw new Error('the review insert returned nothing');
      latest.invalidate();
      return row;
    },

    invalidate: latest.invalidate,
  };
}

export type Reviews = ReturnType<typeof createReviews>;
