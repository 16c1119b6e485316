import { useInfiniteQuery, useQuery } from '@tanstack/react-query';

import type { OutboxMessage, OutboxPage } from '@apex/contract';

import { apiGet } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The outbox, newest first, a page at a time ("Show more" asks for the next). */
export function useOutbox() {
  return useInfiniteQuery({
    queryKey: queryKeys.outbox.all,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiGet<OutboxPage>(
        pageParam ? `/outbox?before=${encodeURIComponent(pageParam)}` : '/outbox',
        {
          signal,
          auth: true,
        },
      ),
    getNextPageParam: (page) => page.next,
  });
}

/** One mail's plain-text message; its HTML is shown in a frame from `outboxHtmlUrl`. */
export function useOutboxMessage(id: string | null) {
  return useQuery({
    queryKey: queryKeys.outbox.message(id),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      apiGet<OutboxMessage>(`/outbox/${encodeURIComponent(id ?? '')}`, { signal, auth: true }),
  });
}

/** The mail's HTML as its recipient sees it (the session cookie authorizes the frame). */
export const outboxHtmlUrl = (id: string) => `/api/outbox/${encodeURIComponent(id)}/html`;
