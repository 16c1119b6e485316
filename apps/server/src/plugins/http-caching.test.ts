import { gunzipSync } from 'node:zlib';

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { type CachedJson, sendCachedJson, toCachedJson } from '../lib/json-cache';
import { COMPRESS_THRESHOLD, httpCachingPlugin } from './http-caching';

/** An app serving `json` as the shop does, with its ETag and compression plugins. */
async function serving(json: CachedJson, { vary }: { vary?: string } = {}) {
  const app = Fastify({ logger: false });
  await app.register(httpCachingPlugin);
  // As CORS sets it, before the response is compressed.
  if (vary) {
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('vary', vary);
      done();
    });
  }
  app.get('/parts', (_request, reply) => sendCachedJson(reply, json));
  await app.ready();
  return app;
}

describe('answering from the cache with an ETag', () => {
  const json = toCachedJson([{ name: 'Carbon Rear Wing', quantity: 12 }]);

  const get = async (ifNoneMatch?: string) => {
    const app = await serving(json);
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

  // A proxy that gzips (nginx does) turns the strong ETag weak, and the browser then sends it
  // back in that form: If-None-Match compares weakly (RFC 9110, 13.1.2).
  it('answers 304 to the weak form of the current tag', async () => {
    const res = await get(`W/${json.etag}`);
    expect(res.statusCode).toBe(304);
  });

  it('sends the JSON when the tag is not the current one', async () => {
    for (const header of [
      '"older-catalog"',
      'W/"older-catalog"',
      json.etag.slice(1),
      // Only a leading W/ marks a weak tag: inside the quotes it is part of another tag.
      `${json.etag.slice(0, 2)}W/${json.etag.slice(2)}`,
    ]) {
      const res = await get(header);
      expect(res.statusCode, header).toBe(200);
      expect(res.body, header).toBe(json.body.toString());
    }
  });
});

describe('a cached response for a client that takes gzip', () => {
  const shelf = Array.from({ length: 40 }, (_, n) => ({
    name: `Carbon Rear Wing ${n}`,
    quantity: n,
  }));

  it('is sent gzipped under the same ETag, with Vary; a client holding it gets a 304', async () => {
    const json = toCachedJson(shelf);
    expect(json.body.length).toBeGreaterThanOrEqual(COMPRESS_THRESHOLD);
    const app = await serving(json);
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/parts',
        headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers.vary).toBe('accept-encoding');
      expect(res.headers.etag).toBe(json.etag);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(gunzipSync(res.rawPayload).equals(json.body)).toBe(true);
      const held = await app.inject({
        method: 'GET',
        url: '/parts',
        headers: { 'accept-encoding': 'gzip', 'if-none-match': json.etag },
      });
      expect(held.statusCode).toBe(304);
      expect(held.body).toBe('');
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

  it('adds accept-encoding to a Vary already there (CORS varies by Origin), never in its place', async () => {
    const app = await serving(toCachedJson(shelf), { vary: 'Origin' });
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

  it('reads Accept-Encoding by names, case and weights', async () => {
    const json = toCachedJson(shelf);
    const app = await serving(json);
    const encodingFor = async (header: string) => {
      const res = await app.inject({
        method: 'GET',
        url: '/parts',
        headers: header ? { 'accept-encoding': header } : {},
      });
      return res.headers['content-encoding'];
    };
    try {
      for (const header of ['gzip', 'GZip', 'deflate, gzip;q=1.0, *;q=0.5', 'x-gzip, br']) {
        expect(await encodingFor(header), header).toMatch(/gzip/);
      }
      expect(await encodingFor('deflate')).toBe('deflate');
      for (const header of ['', 'identity', 'gzip;q=0', '*;q=0']) {
        expect(await encodingFor(header), header).toBeUndefined();
      }
    } finally {
      await app.close();
    }
  });

  it('is sent as it is when small', async () => {
    const small = toCachedJson([{ name: 'Carbon Rear Wing', quantity: 12 }]);
    expect(small.body.length).toBeLessThan(COMPRESS_THRESHOLD);
    const app = await serving(small);
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/parts',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(small.body.toString());
    } finally {
      await app.close();
    }
  });
});
