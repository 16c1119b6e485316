import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

interface ShowMoreButtonProps {
  /** A list read a page at a time. */
  query: UseInfiniteQueryResult;
  /** What the button does; by default, fetch the next page (`useShowMore` also moves focus). */
  onShowMore?: () => void;
  /** The button's text, e.g. "Show more". */
  children: ReactNode;
}

/** Asks for the next page of a list; there is no button once the last page is shown. */
export function ShowMoreButton({ query, onShowMore, children }: ShowMoreButtonProps) {
  if (!query.hasNextPage) return null;
  return (
    <button
      type="button"
      className="btn btn-outline self-start"
      disabled={query.isFetchingNextPage}
      onClick={onShowMore ?? (() => void query.fetchNextPage())}
    >
      {children}
    </button>
  );
}
