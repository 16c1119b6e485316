import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import type { ActivityPage } from '@apex/contract';

import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export function getActivity(
  before: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ActivityPage> {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  return apiGet<ActivityPage>(`/activity${query}`, { signal, auth: true });
}

export const activityQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.activity,
    queryFn: ({ pageParam, signal }) => getActivity(pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });

/** The activity log, a page at a time, newest first: `fetchNextPage` shows more. */
export function useActivity() {
  return useInfiniteQuery(activityQueryOptions());
}
