import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import type { Review } from '@apex/contract';

export function getReviews({ signal }: { signal?: AbortSignal } = {}): Promise<Review[]> {
  return apiGet<Review[]>('/review', { signal });
}

export const reviewsQueryOptions = () =>
  queryOptions({ queryKey: ['reviews'], queryFn: ({ signal }) => getReviews({ signal }) });

export function useReviews() {
  return useQuery(reviewsQueryOptions());
}
