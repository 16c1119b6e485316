import { queryOptions, useQuery } from '@tanstack/react-query';

import type { Review as ReviewJson } from '@apex/contract';

import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** A review as the shop shows it: the reviewer's name, never their email. */
export interface Review {
  id: string;
  reviewerName: string;
  rating: number;
  description: string;
}

/** The one place the web app reads a review's wire names. */
const fromReviewJson = ({ _id, ...review }: ReviewJson): Review => ({ id: _id, ...review });

export async function getReviews({ signal }: { signal?: AbortSignal } = {}): Promise<Review[]> {
  return (await apiGet<ReviewJson[]>('/review', { signal })).map(fromReviewJson);
}

export const reviewsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.reviews, queryFn: ({ signal }) => getReviews({ signal }) });

export function useReviews() {
  return useQuery(reviewsQueryOptions());
}
