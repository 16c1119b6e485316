import type { UseInfiniteQueryResult } from '@tanstack/react-query';

import { DataTable, type DataTableProps } from './data-table';
import { ListProgress } from './list-progress';
import { ShowMoreButton } from './show-more-button';

interface PagedTableProps extends DataTableProps {
  /** The list, read a page at a time. */
  query: UseInfiniteQueryResult;
  /** How many rows are shown, with the words for one and for many; null says nothing of it. */
  progress: { shown: number; one: string; many: string } | null;
  /** What Show more does (`useShowMore`: the next page, then focus on its first row). */
  onShowMore: () => void;
}

/** A dashboard list read a page at a time: how many rows it shows, the rows, and Show more. */
export function PagedTable({ query, progress, onShowMore, ...table }: PagedTableProps) {
  return (
    <>
      {progress && (
        <ListProgress
          shown={progress.shown}
          more={query.hasNextPage}
          one={progress.one}
          many={progress.many}
        />
      )}
      <DataTable {...table} />
      <ShowMoreButton query={query} onShowMore={onShowMore}>
        {query.isFetchingNextPage ? 'Loading more…' : 'Show more'}
      </ShowMoreButton>
    </>
  );
}
