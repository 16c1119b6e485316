import type { UseQueryResult } from '@tanstack/react-query';

import { RetryIcon } from './icons';

interface ErrorStateProps {
  title: string;
  message?: string;
  onRetry: () => void;
}

/** What a section shows when its data could not be fetched: what failed, and a way to try again. */
export function ErrorState({ title, message, onRetry }: ErrorStateProps) {
  return (
    <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between">
      <div>
        <p className="font-semibold">{title}</p>
        {message && <p className="text-sm">{message}</p>}
      </div>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        <RetryIcon className="size-4" />
        Retry
      </button>
    </div>
  );
}

/** A query's failure, with Retry that fetches it again; nothing while it has not failed. */
export function QueryErrorState({
  query,
  title,
}: {
  query: Pick<UseQueryResult, 'isError' | 'error' | 'refetch'>;
  title: string;
}) {
  if (!query.isError) return null;
  return (
    <ErrorState title={title} message={query.error?.message} onRetry={() => void query.refetch()} />
  );
}
