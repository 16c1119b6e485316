import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { ErrorState } from './error-state';
import { PageSpinner } from './page-spinner';

export interface QueryStatusTexts {
  /**
   * What is fetched, e.g. "your orders": read out as "Loading your orders…" while loading, and
   * said as "Your orders could not be loaded." when it could not be fetched.
   */
  what: string;
  /** Said instead when the data could not be fetched, where the usual sentence does not fit. */
  failed?: string;
}

interface QueryStatusProps<T> extends QueryStatusTexts {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}

/** The three faces of fetched data on a page: a spinner, the error with Retry, or the data. */
export function QueryStatus<T>({ query, what, failed, children }: QueryStatusProps<T>) {
  if (query.isPending) return <PageSpinner label={`Loading ${what}…`} />;
  if (query.isError) {
    return (
      <ErrorState
        title={failed ?? `${what.charAt(0).toUpperCase()}${what.slice(1)} could not be loaded.`}
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return children(query.data);
}
