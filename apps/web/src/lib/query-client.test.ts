import { focusManager, onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from './api';
import { createQueryClient } from './query-client';

afterEach(() => {
  vi.useRealTimers();
  focusManager.setFocused(undefined);
  onlineManager.setOnline(true);
});

describe('the data cache settings (requirements §9)', () => {
  const options = createQueryClient().getDefaultOptions().queries ?? {};

  it('keeps data no page shows for 300000 ms, then forgets it', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const observer = new QueryObserver(client, {
      queryKey: ['parts'],
      queryFn: () => Promise.resolve(['a part']),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    unsubscribe();
    await vi.advanceTimersByTimeAsync(299_999);
    expect(client.getQueryData(['parts'])).toEqual(['a part']);
    await vi.advanceTimersByTimeAsync(1);
    expect(client.getQueryData(['parts'])).toBeUndefined();
  });

  it('asks again when the window regains focus, and when the network comes back', async () => {
    const client = createQueryClient();
    client.mount();
    let fetches = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['orders'],
      queryFn: () => Promise.resolve(++fetches),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(fetches).toBe(1));
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await vi.waitFor(() => expect(fetches).toBe(2));
    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(fetches).toBe(3));
    unsubscribe();
    client.unmount();
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
