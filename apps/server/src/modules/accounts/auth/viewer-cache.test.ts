import { afterEach, describe, expect, it, vi } from 'vitest';

import { createCaches } from '../../../lib/json-cache';
import { createViewerCache, type Credentials, VIEWER_KEPT_MS, VIEWERS_KEPT } from './viewer-cache';

const HOUR = 3_600_000;

function setUp() {
  const caches = createCaches();
  const cache = createViewerCache<string>(caches);
  // Signs in `viewer` until `sessionEnds`; an empty name is a refused token.
  const signIn = (viewer = 'ada', sessionEnds = new Date(Date.now() + HOUR)) =>
    Promise.resolve(viewer ? { viewer, sessionEnds } : null);
  const lookUp = vi.fn(signIn);
  const ask = (credentials: Credentials = { authorization: 'Bearer one' }) =>
    cache.viewerOf(credentials, () => lookUp());
  return { caches, cache, lookUp, ask };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the callers kept in memory', () => {
  it('asks the database once for a caller who comes back with the same credentials', async () => {
    const { ask, lookUp } = setUp();
    expect(await ask()).toBe('ada');
    expect(await ask()).toBe('ada');
    expect(lookUp).toHaveBeenCalledTimes(1);
    // Other credentials are another caller.
    await ask({ authorization: 'Bearer two' });
    await ask({ cookie: 'session=one' });
    expect(lookUp).toHaveBeenCalledTimes(3);
  });

  it('forgets every caller when a session or an account is written, not when a part is', async () => {
    const { ask, caches, lookUp } = setUp();
    await ask();
    caches.drop('parts');
    caches.drop('orders');
    await ask();
    expect(lookUp).toHaveBeenCalledTimes(1);
    caches.drop('sessions');
    await ask();
    expect(lookUp).toHaveBeenCalledTimes(2);
    caches.drop('users');
    await ask();
    expect(lookUp).toHaveBeenCalledTimes(3);
  });

  it('does not keep a caller looked up while a session or an account was written', async () => {
    const { cache, caches, lookUp } = setUp();
    const slow = cache.viewerOf({ authorization: 'Bearer one' }, async () => {
      // The sign-out commits while this read is on its way: its answer may predate it.
      caches.drop('sessions');
      return { viewer: 'ada', sessionEnds: new Date(Date.now() + HOUR) };
    });
    expect(await slow).toBe('ada');
    await cache.viewerOf({ authorization: 'Bearer one' }, () => lookUp(''));
    expect(lookUp).toHaveBeenCalledTimes(1);
  });

  it('keeps and serves nobody while change notices are lost, and keeps again once they are back', async () => {
    const { ask, caches, lookUp } = setUp();
    await ask();
    caches.lost();
    await ask();
    await ask();
    expect(lookUp).toHaveBeenCalledTimes(3);
    expect(caches.listening()).toBe(false);
    // Listening again: anything may have changed meanwhile, and callers are kept again.
    caches.drop(null);
    await ask();
    await ask();
    expect(lookUp).toHaveBeenCalledTimes(4);
  });

  it('keeps a caller a minute at most, and never past the end of their session', async () => {
    vi.useFakeTimers();
    const { cache, ask, lookUp } = setUp();
    await ask();
    vi.advanceTimersByTime(VIEWER_KEPT_MS - 1);
    await ask();
    expect(lookUp).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    await ask();
    expect(lookUp).toHaveBeenCalledTimes(2);

    const ending = { authorization: 'Bearer ending' };
    const endsSoon = () => lookUp('bob', new Date(Date.now() + 1_000));
    await cache.viewerOf(ending, endsSoon);
    vi.advanceTimersByTime(999);
    await cache.viewerOf(ending, endsSoon);
    expect(lookUp).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(1);
    await cache.viewerOf(ending, endsSoon);
    expect(lookUp).toHaveBeenCalledTimes(4);
  });

  it('keeps neither visitors nor refused credentials, and at most VIEWERS_KEPT callers', async () => {
    const { cache, lookUp } = setUp();
    await cache.viewerOf({}, () => lookUp());
    await cache.viewerOf({}, () => lookUp());
    expect(lookUp).toHaveBeenCalledTimes(2);
    const refused = { authorization: 'Bearer forged' };
    expect(await cache.viewerOf(refused, () => lookUp(''))).toBeNull();
    expect(await cache.viewerOf(refused, () => lookUp(''))).toBeNull();
    expect(lookUp).toHaveBeenCalledTimes(4);

    lookUp.mockClear();
    const credentials = (n: number) => ({ authorization: `Bearer ${n}` });
    for (let n = 0; n <= VIEWERS_KEPT; n++) await cache.viewerOf(credentials(n), () => lookUp());
    expect(lookUp).toHaveBeenCalledTimes(VIEWERS_KEPT + 1);
    // The first went to make room for the last; the second is still kept.
    await cache.viewerOf(credentials(1), () => lookUp());
    expect(lookUp).toHaveBeenCalledTimes(VIEWERS_KEPT + 1);
    await cache.viewerOf(credentials(0), () => lookUp());
    expect(lookUp).toHaveBeenCalledTimes(VIEWERS_KEPT + 2);
  });
});
