import { queryOptions, useQuery } from '@tanstack/react-query';

import type { Part as PartJson } from '@apex/contract';

import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import type { Part } from '@/lib/shop';

import { fromPartJson } from './part-json';

export async function getParts({ signal }: { signal?: AbortSignal } = {}): Promise<Part[]> {
  return (await apiGet<PartJson[]>('/parts', { signal })).map(fromPartJson);
}

export const partsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.parts.all, queryFn: ({ signal }) => getParts({ signal }) });

export function useParts() {
  return useQuery(partsQueryOptions());
}
