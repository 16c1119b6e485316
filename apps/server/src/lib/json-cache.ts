import { createHash } from 'node:crypto';

import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON answer serialized once, with the strong ETag of its bytes. */
export interface CachedJson {
  body: string;
  etag: string;
}

export function toCachedJson(value: unknown): CachedJson {
  const body = JSON.stringify(value);
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return { body, etag };
}

/**
 * Holds one value loaded from the database until `invalidate()`; concurrent misses share one load,
 * and a load that started before an invalidation is never stored.
 */
export function createCache<T>(load: () => Promise<T>) {
  let generation = 0;
  let pending: Promise<T> | null = null;
  return {
    get: (): Promise<T> => {
      if (pending) return pending;
      const started = generation;
      const loading = load().catch((error: unknown) => {
        if (pending === loading) pending = null;
        throw error;
      });
      if (started === generation) pending = loading;
      return loading;
    },
    invalidate: (): void => {
      generation++;
      pending = null;
    },
  };
}

/**
 * Sends a cached answer, or 304 when the client already holds these bytes.
 * `no-cache` makes browsers revalidate every time, which costs one cheap 304.
 */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, json: CachedJson) {
  reply.header('etag', json.etag).header('cache-control', 'no-cache');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === json.etag)) {
    return reply.code(304).send();
  }
  // A string with a JSON content type is sent as it is: serialized once, not per request.
  return reply.type('application/json; charset=utf-8').send(json.body);
}
