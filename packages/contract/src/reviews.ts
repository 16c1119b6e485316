import { z } from 'zod';

import { RATING_MAX, RATING_MIN } from './rules';

/**
 * A review as anyone may read it. The reviewer's email is deliberately absent:
 * the public list shows names only.
 */
export const ReviewSchema = z
  .object({
    _id: z.string(),
    reviewerName: z.string(),
    rating: z.number().int().min(RATING_MIN).max(RATING_MAX),
    description: z.string(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof ReviewSchema>;

export const ReviewListSchema = z.array(ReviewSchema);
