import { describe, expect, it } from 'vitest';

import { ApiError } from './api';
import { createQueryClient } from './query-client';

describe('the data cache settings (spec §9)', () => {
  const options = createQueryClient().getDefaultOptions().queries ?? {};

  it('keeps unused data 300000 ms and refetches on focus and reconnect', () => {
    expect(options.gcTime).toBe(300_000);
    expect(options.refetchOnWindowFocus).toBe(true);
    expect(options.refetchOnReconnect).toBe(true);
  });

  it('retries a failed fetch 3 times, waiting 1000 ms doubling up to 30000 ms', () => {
    const retry = options.retry as (count: number, error: Error) => boolean;
    const delay = options.retryDelay as (attempt: number, error: Error) => number;
    const networkError = new TypeError('Failed to fetch');
    expect([0, 1, 2, 3].map((n) => retry(n, networkError))).toEqual([true, true, true, false]);
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => delay(n, networkError))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('does not retry an answer the server gave on purpose (4xx)', () => {
    const retry = options.retry as (count: number, error: Error) => boolean;
    expect(retry(0, new ApiError(404, 'Not found'))).toBe(false);
    expect(retry(0, new ApiError(503, 'Unavailable'))).toBe(true);
  });
});
