import { queryOptions, useQuery } from '@tanstack/react-query';

import type { Part } from '@apex/contract';

import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export function getParts({ signal }: { signal?: AbortSignal } = {}): Promise<Part[]> {
  return apiGet<Part[]>('/parts', { signal });
}

export const partsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.parts.all, queryFn: ({ signal }) => getParts({ signal }) });

export function useParts() {
  return useQuery(partsQueryOptions());
}
