import { queryOptions, useQuery } from '@tanstack/react-query';

import type { Review } from '@apex/contract';

import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export function getReviews({ signal }: { signal?: AbortSignal } = {}): Promise<Review[]> {
  return apiGet<Review[]>('/review', { signal });
}

export const reviewsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.reviews, queryFn: ({ signal }) => getReviews({ signal }) });

export function useReviews() {
  return useQuery(reviewsQueryOptions());
}
