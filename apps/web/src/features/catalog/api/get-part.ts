import { queryOptions, useQuery } from '@tanstack/react-query';

import type { Part } from '@apex/contract';

import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export function getPart(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Part> {
  return apiGet<Part>(`/parts/${encodeURIComponent(id)}`, { signal });
}

export const partQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.parts.one(id),
    queryFn: ({ signal }) => getPart(id, { signal }),
  });

export function usePart(id: string) {
  return useQuery(partQueryOptions(id));
}
