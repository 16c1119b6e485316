import { describe, expect, it, vi } from 'vitest';

import { createCache } from './json-cache';

/** A load the test finishes by hand, to hold it pending while other reads come in. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A load function whose every call the test answers: the database as the cache sees it. */
function scriptedLoads<T>() {
  const calls: ReturnType<typeof deferred<T>>[] = [];
  const load = vi.fn(() => {
    const call = deferred<T>();
    calls.push(call);
    return call.promise;
  });
  return { load, calls };
}

/** A cache over scripted loads, with the two kinds of read the tests check. */
function scriptedCache() {
  const { load, calls } = scriptedLoads<string>();
  const cache = createCache(load);
  return {
    load,
    calls,
    cache,
    /** A read answered from memory: still `loads` loads in all, and `value` is what it gets. */
    expectHeld: async (value: string, loads: number) => {
      const read = cache.get();
      expect(load).toHaveBeenCalledTimes(loads);
      expect(await read).toBe(value);
    },
    /** A read that starts load number `loads`, which answers `value`, and the read gets it. */
    expectLoaded: async (value: string, loads: number) => {
      const read = cache.get();
      expect(load).toHaveBeenCalledTimes(loads);
      calls[loads - 1]?.resolve(value);
      expect(await read).toBe(value);
    },
  };
}

describe('the cache in front of the catalog and the reviews', () => {
  it('lets a second read wait for the load under way, and then answers from memory', async () => {
    const { load, calls, cache, expectHeld } = scriptedCache();

    const first = cache.get();
    const second = cache.get();
    expect(load).toHaveBeenCalledTimes(1);
    calls[0]?.resolve('catalog v1');
    expect(await first).toBe('catalog v1');
    expect(await second).toBe('catalog v1');

    await expectHeld('catalog v1', 1);
  });

  it('loads again after an invalidation that came during a load, never keeping the stale answer', async () => {
    const { calls, cache, expectHeld, expectLoaded } = scriptedCache();

    const early = cache.get();
    // A part changes while the catalog is being read: what the read finds may be old.
    cache.invalidate();
    calls[0]?.resolve('before the change');
    expect(await early).toBe('before the change');

    await expectLoaded('after the change', 2);
    await expectHeld('after the change', 2);
  });

  it('gives the value without a promise only once it is loaded, and only while it is current', async () => {
    const { calls, cache, expectLoaded } = scriptedCache();
    expect(cache.held()).toBeUndefined();

    const read = cache.get();
    expect(cache.held()).toBeUndefined();
    calls[0]?.resolve('v1');
    await read;
    expect(cache.held()).toBe('v1');

    cache.invalidate();
    expect(cache.held()).toBeUndefined();
    await expectLoaded('v2', 2);
    expect(cache.held()).toBe('v2');
  });

  it('never gives without a promise a load that was invalidated while it ran, nor a failed one', async () => {
    const { calls, cache } = scriptedCache();

    const early = cache.get();
    cache.invalidate();
    calls[0]?.resolve('before the change');
    await early;
    expect(cache.held()).toBeUndefined();

    const failing = cache.get();
    calls[1]?.reject(new Error('connection reset'));
    await expect(failing).rejects.toThrow('connection reset');
    expect(cache.held()).toBeUndefined();
  });

  it('loads again after an invalidation once the value was held', async () => {
    const { cache, expectLoaded } = scriptedCache();
    await expectLoaded('v1', 1);

    cache.invalidate();
    await expectLoaded('v2', 2);
  });

  it('does not keep a failed load: every reader waiting on it hears the error, the next read tries again', async () => {
    const { load, calls, cache, expectLoaded } = scriptedCache();

    const first = cache.get();
    const second = cache.get();
    expect(load).toHaveBeenCalledTimes(1);
    calls[0]?.reject(new Error('connection reset'));
    await expect(first).rejects.toThrow('connection reset');
    await expect(second).rejects.toThrow('connection reset');

    await expectLoaded('catalog', 2);
  });

  it('keeps the newer load when an older one, invalidated meanwhile, fails afterwards', async () => {
    const { calls, cache, expectHeld, expectLoaded } = scriptedCache();

    const old = cache.get();
    cache.invalidate();
    await expectLoaded('fresh', 2);
    calls[0]?.reject(new Error('timed out'));
    await expect(old).rejects.toThrow('timed out');

    await expectHeld('fresh', 2);
  });
});
