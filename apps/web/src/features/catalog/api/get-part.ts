import { queryOptions, useQuery } from '@tanstack/react-query';

import type { Part as PartJson } from '@apex/contract';

import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import type { Part } from '@/lib/shop';

import { fromPartJson } from './part-json';

export async function getPart(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Part> {
  return fromPartJson(await apiGet<PartJson>(`/parts/${encodeURIComponent(id)}`, { signal }));
}

export const partQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.parts.one(id),
    queryFn: ({ signal }) => getPart(id, { signal }),
  });

export function usePart(id: string) {
  return useQuery(partQueryOptions(id));
}
