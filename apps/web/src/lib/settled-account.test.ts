import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json } from '@/test/render';

import { setAccessToken } from './access-token';
import { settledAccount } from './settled-account';

const ada = { user: { id: 'u1', name: 'Ada', email: 'ada@example.com' } };

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('whom a press made while the page starts is for', () => {
  it('is a visitor when nobody is signed in', async () => {
    vi.stubGlobal('fetch', json(null));
    expect(await settledAccount(new QueryClient())).toBe('visitor');
  });

  it('is the customer once the token of their session is kept, not before', async () => {
    vi.stubGlobal('fetch', json(ada));
    let settled: string | undefined;
    const account = settledAccount(new QueryClient()).then((who) => (settled = who));
    // The session has answered by now; the token has not come.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBeUndefined();
    setAccessToken('token-of-ada');
    expect(await account).toBe('customer');
  });

  it('asks to try again when the token never comes', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', json(ada));
    const account = settledAccount(new QueryClient());
    const refused = expect(account).rejects.toThrow(
      'Your session is still loading: try again in a moment',
    );
    await vi.advanceTimersByTimeAsync(10_000);
    await refused;
  });
});
