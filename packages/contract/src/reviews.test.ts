import { describe, expect, it } from 'vitest';

import { NewReviewSchema } from './reviews';
import { problems } from './testing/field-problems';

const addReview = (review: Record<string, unknown>) => NewReviewSchema.safeParse(review);

describe('Add a Review', () => {
  it('a rating of 1 to 5 stars with a description is accepted as typed', () => {
    for (const rating of [1, 2, 3, 4, 5]) {
      expect(NewReviewSchema.parse({ rating, description: 'Fits well' })).toEqual({
        rating,
        description: 'Fits well',
      });
    }
  });

  it('0 or 6 stars, half stars or no number say "Value Must be between 1 to 5", once', () => {
    for (const rating of [0, 6, -1, 2.5, Number.NaN, '5', undefined]) {
      expect(problems(addReview({ rating })), String(rating)).toEqual({
        rating: ['Value Must be between 1 to 5'],
      });
    }
  });

  it('the description may be left out or blank: it is saved empty', () => {
    expect(NewReviewSchema.parse({ rating: 4 }).description).toBe('');
    expect(NewReviewSchema.parse({ rating: 4, description: '  \n ' }).description).toBe('');
  });

  it('a description of 2,000 characters is kept without spaces around it; 2,001 are refused', () => {
    const description = 'd'.repeat(2000);
    expect(NewReviewSchema.parse({ rating: 4, description: ` ${description}\n` }).description).toBe(
      description,
    );
    expect(problems(addReview({ rating: 4, description: `${description}d` }))).toEqual({
      description: ['Description must be 2,000 characters or fewer'],
    });
  });

  it('a description that is not text is refused', () => {
    expect(problems(addReview({ rating: 4, description: 5 }))).toEqual({
      description: ['Description must be text'],
    });
  });

  it("the reviewer's name and email sent by a client are ignored: they come from the session", () => {
    const review = NewReviewSchema.parse({
      rating: 5,
      description: 'Great',
      reviewerName: 'Someone else',
      reviewerEmail: 'someone@example.com',
    });
    expect(review).toEqual({ rating: 5, description: 'Great' });
  });
});
