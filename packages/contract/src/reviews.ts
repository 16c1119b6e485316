import { z } from 'zod';

import { messages, RATING_MAX, RATING_MIN } from './rules';

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

/**
 * What Add a Review sends. The reviewer's name and email come from the session: fields the
 * spec's client also sent for them are ignored.
 */
export const NewReviewSchema = z.object({
  rating: z
    .number({ message: messages.ratingRange })
    .int(messages.ratingRange)
    .min(RATING_MIN, messages.ratingRange)
    .max(RATING_MAX, messages.ratingRange),
  description: z
    .string({ message: 'Description must be text' })
    .trim()
    .max(2000, 'Description must be 2,000 characters or fewer')
    .default(''),
});
export type NewReview = z.infer<typeof NewReviewSchema>;

export const AddedReviewSchema = z.object({ insertedId: z.string(), review: ReviewSchema });
