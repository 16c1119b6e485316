import { keepPreviousData, useQuery } from '@tanstack/react-query';

import type { PartPage as PartPageJson } from '@apex/contract';
import { PART_PAGE_SIZE, PART_SORTS, type PartSort } from '@apex/contract/part-sorts';

import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import type { Part } from '@/lib/shop';

import { fromPartJson } from './part-json';

/** What a visitor asked the parts section for; its address carries it (`/?q=brake&sort=price`). */
export interface PartSearch {
  /** The words typed, or '' for every part. */
  words: string;
  /** null: the server's default (best match with words, by name without). */
  sort: PartSort | null;
  inStockOnly: boolean;
  /** Only parts that fit this vehicle in this model year (`2019-lamborghini-huracan-evo`); null for all. */
  vehicle: string | null;
}

export interface PartPage {
  parts: Part[];
  /** How many parts match, on every page. */
  total: number;
  /** The cursor of the page after this one; null on the last. */
  next: string | null;
}

/** The search as the address of the page shows it; anything unknown in it is left out. */
export function partSearchOf(params: URLSearchParams): PartSearch {
  const sort = params.get('sort');
  return {
    words: params.get('q')?.trim() ?? '',
    sort: PART_SORTS.find((known) => known === sort) ?? null,
    inStockOnly: params.get('inStock') === 'true',
    vehicle: params.get('vehicle') || null,
  };
}

/** The address's query for a search: only what differs from the defaults. */
export function searchParamsOf(search: PartSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.words) params.set('q', search.words);
  if (search.sort) params.set('sort', search.sort);
  if (search.inStockOnly) params.set('inStock', 'true');
  if (search.vehicle) params.set('vehicle', search.vehicle);
  return params;
}

/** One page of a search: the first (cursor null), or the one after a page's `next`. */
export function usePartPage(search: PartSearch, cursor: string | null) {
  const params = searchParamsOf(search);
  params.set('limit', String(PART_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return useQuery({
    queryKey: queryKeys.parts.page(query),
    queryFn: async ({ signal }): Promise<PartPage> => {
      const page = await apiGet<PartPageJson>(`/parts?${query}`, { signal });
      return { parts: page.parts.map(fromPartJson), total: page.total, next: page.next };
    },
    // A new search shows the parts of the last one until its own arrive, not placeholders.
    placeholderData: cursor === null ? keepPreviousData : undefined,
    // The section reads a page in more than one place (the count, the parts, whether there are
    // more): one fetched a moment ago is not fetched again for each. Orders and an admin's
    // changes refresh it at once (queryKeys.parts.all).
    staleTime: 10_000,
  });
}
