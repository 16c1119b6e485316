import { gunzipSync } from 'node:zlib';

import compress from '@fastify/compress';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';

import {
  acceptsGzip,
  COMPRESS_THRESHOLD,
  createCache,
  heldGzip,
  sendCachedJson,
  toCachedJson,
} from './json-cache';

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

describe('answering from the cache with an ETag', () => {
  const json = toCachedJson([{ name: 'Carbon Rear Wing', quantity: 12 }]);

  async function appServing() {
    const app = Fastify({ logger: false });
    app.get('/parts', (request, reply) => sendCachedJson(request, reply, json));
    await app.ready();
    return app;
  }

  const get = async (ifNoneMatch?: string) => {
    const app = await appServing();
    try {
      return await app.inject({
        method: 'GET',
        url: '/parts',
        headers: ifNoneMatch === undefined ? {} : { 'if-none-match': ifNoneMatch },
      });
    } finally {
      await app.close();
    }
  };

  it('sends the JSON with a strong ETag of its bytes, revalidated on every visit', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(res.headers.etag).toBe(json.etag);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe('[{"name":"Carbon Rear Wing","quantity":12}]');
  });

  it('gives other bytes another ETag', () => {
    expect(toCachedJson([{ name: 'Carbon Rear Wing', quantity: 11 }]).etag).not.toBe(json.etag);
    expect(toCachedJson([{ name: 'Carbon Rear Wing', quantity: 12 }]).etag).toBe(json.etag);
  });

  it('answers 304 with no body when the client holds these bytes', async () => {
    const res = await get(json.etag);
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
    expect(res.headers.etag).toBe(json.etag);
  });

  it('answers 304 when one of several tags, weak ones among them, is the current one', async () => {
    for (const header of [
      `W/"older-catalog", ${json.etag}`,
      `${json.etag},W/"older-catalog"`,
      `"a",  W/"b" ,${json.etag} , "c"`,
    ]) {
      const res = await get(header);
      expect(res.statusCode, header).toBe(304);
    }
  });

  it('sends the JSON when none of the tags is the current one', async () => {
    for (const header of [
      '"older-catalog"',
      'W/"older-catalog", "other"',
      json.etag.slice(1),
      // Only a leading W/ marks a weak tag: inside the quotes it is part of another tag.
      `${json.etag.slice(0, 2)}W/${json.etag.slice(2)}`,
    ]) {
      const res = await get(header);
      expect(res.statusCode, header).toBe(200);
      expect(res.body, header).toBe(json.body.toString());
    }
  });

  // RFC 9110 13.1.2: If-None-Match compares weakly, so W/"x" matches "x". A proxy that gzips
  // (nginx does) turns the strong ETag weak, and the browser then sends it back in that form.
  it('answers 304 to the weak form of the current tag, and to *', async () => {
    for (const header of [`W/${json.etag}`, '*', `"other", *`]) {
      const res = await get(header);
      expect(res.statusCode, header).toBe(304);
    }
  });
});

describe('a cached answer for a client that takes gzip', () => {
  /** Compression runs on the thread pool, which a busy machine may keep waiting. */
  const COMPRESSED_WITHIN_MS = 5_000;
  const shelf = Array.from({ length: 40 }, (_, n) => ({
    name: `Carbon Rear Wing ${n}`,
    quantity: n,
  }));

  /** An app serving `json`: without the compress plugin unless asked, so that whatever comes
   * gzipped, sendCachedJson gzipped; `vary` is set before it, as CORS sets it. */
  async function serving(
    json: ReturnType<typeof toCachedJson>,
    { vary, withCompress = false }: { vary?: string; withCompress?: boolean } = {},
  ) {
    const app = Fastify({ logger: false });
    // As app.ts registers it.
    if (withCompress) {
      await app.register(compress, {
        encodings: ['gzip', 'deflate'],
        threshold: COMPRESS_THRESHOLD,
      });
    }
    if (vary) {
      app.addHook('onRequest', (_request, reply, done) => {
        reply.header('vary', vary);
        done();
      });
    }
    app.get('/parts', (request, reply) => sendCachedJson(request, reply, json));
    await app.ready();
    return app;
  }

  /** The answer's gzip, once the compression its first ask started has finished. */
  const compressed = (json: ReturnType<typeof toCachedJson>) =>
    vi.waitFor(
      () => {
        const bytes = heldGzip(json);
        if (!bytes) throw new Error('still compressing');
        return bytes;
      },
      { timeout: COMPRESSED_WITHIN_MS },
    );

  it('is gzipped once, off the event loop, and the same bytes are sent from then on', async () => {
    const json = toCachedJson(shelf);
    expect(json.body.length).toBeGreaterThanOrEqual(COMPRESS_THRESHOLD);
    // The first asks for it; until it is made, answers go out as they are.
    expect(heldGzip(json)).toBeUndefined();
    expect(heldGzip(json)).toBeUndefined();
    const made = await compressed(json);
    expect(heldGzip(json)).toBe(made);
    expect(gunzipSync(made).equals(json.body)).toBe(true);
  });

  it('is sent gzipped under the same ETag, with Vary, once compressed', async () => {
    const json = toCachedJson(shelf);
    const app = await serving(json);
    try {
      const ask = () =>
        app.inject({ method: 'GET', url: '/parts', headers: { 'accept-encoding': 'gzip, br' } });
      const first = await ask();
      expect(first.headers['content-encoding']).toBeUndefined();
      expect(first.body).toBe(json.body.toString());

      await compressed(json);
      const res = await ask();
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers.vary).toBe('accept-encoding');
      expect(res.headers.etag).toBe(json.etag);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(gunzipSync(res.rawPayload).equals(json.body)).toBe(true);
      // A client holding it still gets a 304.
      const held = await app.inject({
        method: 'GET',
        url: '/parts',
        headers: { 'accept-encoding': 'gzip', 'if-none-match': json.etag },
      });
      expect(held.statusCode).toBe(304);
      expect(held.headers.vary).toBe('accept-encoding');
      // Nor to a client that asks for no compression.
      const plain = await app.inject({
        method: 'GET',
        url: '/parts',
        headers: { 'accept-encoding': 'gzip', 'x-no-compression': '1' },
      });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(json.body.toString());
    } finally {
      await app.close();
    }
  });

  it('passes through the compress plugin as it is: gzipped once, one accept-encoding in Vary', async () => {
    const json = toCachedJson(shelf);
    const bytes = await compressed(json);
    const app = await serving(json, { withCompress: true });
    try {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app.inject({
          method,
          url: '/parts',
          headers: { 'accept-encoding': 'gzip, deflate' },
        });
        expect(res.headers['content-encoding'], method).toBe('gzip');
        expect(res.headers.vary, method).toBe('accept-encoding');
        expect(Number(res.headers['content-length']), method).toBe(bytes.length);
        if (method === 'GET') expect(gunzipSync(res.rawPayload).equals(json.body)).toBe(true);
      }
      // Deflate alone is left to the plugin, as before.
      const deflated = await app.inject({
        method: 'GET',
        url: '/parts',
        headers: { 'accept-encoding': 'deflate' },
      });
      expect(deflated.headers['content-encoding']).toBe('deflate');
    } finally {
      await app.close();
    }
  });

  it('adds accept-encoding to a Vary already there (CORS varies by Origin), never in its place', async () => {
    const json = toCachedJson(shelf);
    await compressed(json);
    const app = await serving(json, { vary: 'Origin' });
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/parts',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers.vary).toBe('Origin, accept-encoding');
    } finally {
      await app.close();
    }
  });

  it('is sent as it is to a client that refuses gzip or names no encoding, and when small', async () => {
    const json = toCachedJson(shelf);
    const small = toCachedJson([{ name: 'Carbon Rear Wing', quantity: 12 }]);
    expect(small.body.length).toBeLessThan(COMPRESS_THRESHOLD);
    // Both held gzipped: what decides is the client's ask and the answer's size.
    await Promise.all([compressed(json), compressed(small)]);
    const app = await serving(json);
    const tiny = await serving(small);
    try {
      for (const header of ['', 'identity', 'gzip;q=0', 'deflate', '*;q=0', 'gzip;q=0, *']) {
        const res = await app.inject({
          method: 'GET',
          url: '/parts',
          headers: header ? { 'accept-encoding': header } : {},
        });
        expect(res.headers['content-encoding'], header).toBeUndefined();
        expect(res.body, header).toBe(json.body.toString());
      }
      const res = await tiny.inject({
        method: 'GET',
        url: '/parts',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(small.body.toString());
    } finally {
      await app.close();
      await tiny.close();
    }
  });

  it('reads Accept-Encoding as RFC 9110 does: names, case, weights and *', () => {
    const takes = [
      'gzip',
      'GZip',
      'deflate, gzip;q=1.0, *;q=0.5',
      'gzip, deflate, br, zstd',
      'x-gzip',
      '*',
      'br;q=1, *;q=0.1',
      'gzip ; q=0.001',
    ];
    const refuses = [
      '',
      'identity',
      'br',
      'gzip;q=0',
      'gzip;q=0.000',
      '*;q=0',
      'gzip;q=0, *',
      'gzipped',
    ];
    for (const header of takes) expect(acceptsGzip(header), header).toBe(true);
    for (const header of refuses) expect(acceptsGzip(header), header).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
