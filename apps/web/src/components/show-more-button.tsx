import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

interface ShowMoreButtonProps {
  /** A list read a page at a time. */
  query: UseInfiniteQueryResult;
  /** The button's text, e.g. "Show more". */
  children: ReactNode;
}

/** Asks for the next page of a list; there is no button once the last page is shown. */
export function ShowMoreButton({ query, children }: ShowMoreButtonProps) {
  if (!query.hasNextPage) return null;
  return (
    <button
      type="button"
      className="btn btn-outline self-start"
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {children}
    </button>
  );
}
