import { QueryClient } from '@tanstack/react-query';

import { ApiError } from './api';

/** The data cache, set as the spec asks (§9) rather than trusting library defaults. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 300_000,
        // A 4xx will not get better by asking again; network and server failures might.
        retry: (failureCount, error) =>
          failureCount < 3 && !(error instanceof ApiError && error.status < 500),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
      },
    },
  });
}
