import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import type { ActivityEntry, ActivityPage } from '@apex/contract';

import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** One admin action, its id under the shop's name for it. */
export type Activity = Omit<ActivityEntry, '_id'> & { id: string };

export async function getActivity(
  before: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<{ entries: Activity[]; next: string | null }> {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  const page = await apiGet<ActivityPage>(`/activity${query}`, { signal, auth: true });
  const entries = page.entries.map(({ _id, ...entry }) => ({ id: _id, ...entry }));
  return { entries, next: page.next };
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
