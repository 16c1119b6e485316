import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { ErrorState } from './error-state';
import { PageSpinner } from './page-spinner';

interface QueryStatusProps<T> {
  query: UseQueryResult<T>;
  /** Read out while loading, e.g. "Loading your orders…". */
  loading: string;
  /** Said when the data could not be fetched, e.g. "Your orders could not be loaded." */
  failed: string;
  children: (data: T) => ReactNode;
}

/** The three faces of fetched data on a page: a spinner, the error with Retry, or the data. */
export function QueryStatus<T>({ query, loading, failed, children }: QueryStatusProps<T>) {
  if (query.isPending) return <PageSpinner label={loading} />;
  if (query.isError) {
    return (
      <ErrorState
        title={failed}
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return children(query.data);
}
