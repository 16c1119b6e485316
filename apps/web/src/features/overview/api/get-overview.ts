import { queryOptions, useQuery } from '@tanstack/react-query';

import type { Overview } from '@apex/contract';

import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export function getOverview({ signal }: { signal?: AbortSignal } = {}): Promise<Overview> {
  return apiGet<Overview>('/overview', { signal, auth: true });
}

export const overviewQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.overview, queryFn: ({ signal }) => getOverview({ signal }) });

/** The shop's figures of the last 30 days, for admins (Dashboard → Overview). */
export function useOverview() {
  return useQuery(overviewQueryOptions());
}
