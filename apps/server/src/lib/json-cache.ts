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
 * and a load that started before an invalidation is never stored: the invalidation drops it, so
 * the next read loads again (its readers already waiting still get its answer).
 */
export function createCache<T>(load: () => Promise<T>) {
  let pending: Promise<T> | null = null;
  return {
    get: (): Promise<T> => {
      if (pending) return pending;
      const loading = load().catch((error: unknown) => {
        // A failed load is not kept; one invalidated meanwhile has been replaced already.
        if (pending === loading) pending = null;
        throw error;
      });
      pending = loading;
      return loading;
    },
    invalidate: (): void => {
      pending = null;
    },
  };
}

/**
 * Whether a request's If-None-Match names what the shop would send (RFC 9110, 13.1.2): `*`, or
 * any tag of its list equal to `etag` by the weak comparison, `W/` ignored. A proxy that
 * compresses an answer turns its tag weak (nginx does), and the client sends that form back.
 */
export function clientHolds(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * Sends a cached answer, or 304 when the client already holds these bytes.
 * `no-cache` makes browsers revalidate every time, which costs one cheap 304.
 */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, json: CachedJson) {
  reply.header('etag', json.etag).header('cache-control', 'no-cache');
  if (clientHolds(request, json.etag)) return reply.code(304).send();
  // A string with a JSON content type is sent as it is: serialized once, not per request.
  return reply.type('application/json; charset=utf-8').send(json.body);
}
