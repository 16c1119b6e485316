import { useEffect } from 'react';

const SHOP = 'Apex Parts';

/** Names the page in the browser tab and for screen readers announcing navigation. */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = page ? `${page} — ${SHOP}` : `${SHOP} — performance parts for sports cars`;
  }, [page]);
}
