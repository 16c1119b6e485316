import { queryOptions, useQuery } from '@tanstack/react-query';

import type { Review } from '@apex/contract';

import { apiGet } from '@/lib/api';

export function getReviews({ signal }: { signal?: AbortSignal } = {}): Promise<Review[]> {
  return apiGet<Review[]>('/review', { signal });
}

export const reviewsQueryOptions = () =>
  queryOptions({ queryKey: ['reviews'], queryFn: ({ signal }) => getReviews({ signal }) });

export function useReviews() {
  return useQuery(reviewsQueryOptions());
}
