import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { DataTable, type DataTableProps } from './data-table';
import { QueryStatus, type QueryStatusTexts } from './query-status';

interface QueryTableProps<T> extends QueryStatusTexts, Omit<DataTableProps, 'children'> {
  query: UseQueryResult<T[]>;
  /** Shown instead of the table when the list is empty; without it, an empty table is shown. */
  empty?: ReactNode;
  /** The table row (<tr>) of one item. */
  children: (item: T) => ReactNode;
}

/** A fetched list as a dashboard table: a spinner, the error with Retry, the empty state or the rows. */
export function QueryTable<T>({
  query,
  what,
  failed,
  empty,
  children,
  ...table
}: QueryTableProps<T>) {
  return (
    <QueryStatus query={query} what={what} failed={failed}>
      {(list) =>
        list.length === 0 && empty !== undefined ? (
          empty
        ) : (
          <DataTable {...table}>{list.map(children)}</DataTable>
        )
      }
    </QueryStatus>
  );
}
