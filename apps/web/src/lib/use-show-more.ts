import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { focusOn } from './focus';

/**
 * "Show more" for a list read a page at a time: asks for the next page, and once it shows, moves
 * focus to its first row, so the next Tab goes on from the rows just added rather than from the
 * button they pushed down, and a screen reader reads where the list went on.
 */
export function useShowMore<Page, Row>(
  query: UseInfiniteQueryResult<InfiniteData<Page>>,
  /** A page's rows, and the element id of a row's <tr>: both stable (module-level) functions. */
  rowsOf: (page: Page) => readonly Row[],
  rowIdOf: (row: Row) => string,
): () => void {
  // The index of the page asked for, until it shows; a ref, as its arrival re-renders anyway.
  const awaited = useRef<number | null>(null);
  const pages = query.data?.pages;
  useEffect(() => {
    if (awaited.current === null || !pages) return;
    const page = pages[awaited.current];
    if (page === undefined) return;
    awaited.current = null;
    const [first] = rowsOf(page);
    const row = first === undefined ? null : document.getElementById(rowIdOf(first));
    if (row) focusOn(row);
  }, [pages, rowsOf, rowIdOf]);
  return () => {
    awaited.current = pages?.length ?? null;
    void query.fetchNextPage();
  };
}
