import { createHash } from 'node:crypto';
import { gzip } from 'node:zlib';

import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON answer serialized once, with the strong ETag of its bytes. */
export interface CachedJson {
  /** The bytes themselves, encoded once: a string would be measured and encoded again for every
   * answer (its Content-Length, then the socket's write). */
  body: Buffer;
  etag: string;
}

export function toCachedJson(value: unknown): CachedJson {
  const body = Buffer.from(JSON.stringify(value));
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return { body, etag };
}

/** Smaller answers are sent as they are (the compress plugin's threshold too, app.ts): the bytes
 * compression would save cost less than compressing them. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Each cached answer gzipped, made once on libuv's thread pool the first time a client that takes
 * gzip asks for it. The compress plugin gzipped the catalog on the event loop for every browser
 * that asked: 208 µs of CPU per answer at 5 KB against 55 µs with these (docs/performance.md),
 * and more as the catalog grows. Kept as long as the answer itself is.
 */
const gzipped = new WeakMap<CachedJson, Buffer | 'compressing'>();

/** The answer gzipped, or nothing while it is being compressed (then compressed on the way out). */
export function heldGzip(json: CachedJson): Buffer | undefined {
  const held = gzipped.get(json);
  if (held !== undefined) return held === 'compressing' ? undefined : held;
  gzipped.set(json, 'compressing');
  gzip(json.body, (error, bytes) => {
    // A failure is tried again by the next request; meanwhile answers go out as before.
    if (error) gzipped.delete(json);
    else gzipped.set(json, bytes);
  });
  return undefined;
}

/**
 * Whether an Accept-Encoding header takes gzip (RFC 9110, 12.5.3): named (or as `x-gzip`), or
 * covered by `*`, with a weight above 0; a named gzip decides over `*`.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let named: boolean | undefined;
  let any = false;
  for (const member of header.split(',')) {
    const [coding = '', ...params] = member.split(';');
    const name = coding.trim().toLowerCase();
    const weight = params
      .map((param) => param.trim().toLowerCase())
      .find((p) => p.startsWith('q='));
    const taken = weight === undefined || Number(weight.slice(2)) > 0;
    if (name === 'gzip' || name === 'x-gzip') named = taken;
    else if (name === '*') any = taken;
  }
  return named ?? any;
}

export interface Cache<T> {
  get: () => Promise<T>;
  /** The value, when it is loaded and still current: read without a promise, so without the
   * cost every promise pays once Node's async hooks run (docs/performance.md). */
  held: () => T | undefined;
  invalidate: () => void;
}

/**
 * Holds one value loaded from the database until `invalidate()`; concurrent misses share one load,
 * and a load that started before an invalidation is never stored: the invalidation drops it, so
 * the next read loads again (its readers already waiting still get its answer).
 */
export function createCache<T>(load: () => Promise<T>): Cache<T> {
  let pending: Promise<T> | null = null;
  let loaded: { value: T } | null = null;
  return {
    get: (): Promise<T> => {
      if (pending) return pending;
      const loading = load().then(
        (value) => {
          if (pending === loading) loaded = { value };
          return value;
        },
        (error: unknown) => {
          // A failed load is not kept; one invalidated meanwhile has been replaced already.
          if (pending === loading) pending = null;
          throw error;
        },
      );
      pending = loading;
      return loading;
    },
    held: (): T | undefined => loaded?.value,
    invalidate: (): void => {
      pending = null;
      loaded = null;
    },
  };
}

/**
 * The tables an in-memory cache may be read from: each has a trigger (migrations 0010, 0016, 0018)
 * that tells every instance of each committed write. A table added here needs its trigger too.
 * An order's lines are written and deleted only with their order, whose notice covers them.
 */
export const WATCHED_TABLES = ['parts', 'reviews', 'orders', 'sessions', 'users'] as const;
export type WatchedTable = (typeof WATCHED_TABLES)[number];

/**
 * Every cache one process keeps, each named by the tables its answer is read from. `drop` is
 * called for each committed write to a table, by this instance or any other (the database's
 * `listenForChanges`, `db/client.ts`: PostgreSQL's through `db/change-notices.ts`), and with
 * `null` when notices may have been missed until now: then every cache goes. `lost` says that
 * notices stopped arriving (their connection is gone) until the next `drop(null)`; a cache that
 * must never be stale, not even for that while, asks `listening()` first. A cache made here
 * cannot forget to say what makes it stale.
 */
export function createCaches() {
  const watchers: { tables: readonly WatchedTable[]; invalidate: () => void }[] = [];
  let listening = true;
  const watch = (tables: readonly WatchedTable[], invalidate: () => void): void => {
    watchers.push({ tables, invalidate });
  };
  const dropAll = () => {
    for (const { invalidate } of watchers) invalidate();
  };
  return {
    cacheOf: <T>(tables: readonly WatchedTable[], load: () => Promise<T>): Cache<T> => {
      const cache = createCache(load);
      watch(tables, cache.invalidate);
      return cache;
    },
    /** For a cache of another shape: `invalidate` runs at each write to one of `tables`. */
    watch,
    listening: (): boolean => listening,
    drop: (table: string | null): void => {
      if (table === null) {
        listening = true;
        dropAll();
        return;
      }
      for (const { tables, invalidate } of watchers) {
        if (tables.some((watched) => watched === table)) invalidate();
      }
    },
    lost: (): void => {
      listening = false;
      dropAll();
    },
  };
}

export type Caches = ReturnType<typeof createCaches>;
export type CacheOf = Caches['cacheOf'];

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
 * A client that takes gzip gets the bytes gzipped once (`heldGzip`), under the same ETag, as the
 * compress plugin sends what it compresses.
 */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, json: CachedJson) {
  reply.header('etag', json.etag).header('cache-control', 'no-cache');
  const compressible = json.body.length >= COMPRESS_THRESHOLD;
  if (clientHolds(request, json.etag)) {
    // A 304 carries the Vary its 200 would have (RFC 9110, 15.4.5).
    if (compressible) varyByEncoding(reply);
    return reply.code(304).send();
  }
  // Bytes with a JSON content type are sent as they are: serialized once, not per request.
  reply.type('application/json; charset=utf-8');
  if (
    compressible &&
    acceptsGzip(request.headers['accept-encoding']) &&
    // A client's wish the compress plugin honours too.
    request.headers['x-no-compression'] === undefined
  ) {
    const bytes = heldGzip(json);
    if (bytes) {
      varyByEncoding(reply);
      // The compress plugin leaves an answer that is already encoded as it is.
      return reply.header('content-encoding', 'gzip').send(bytes);
    }
  }
  return reply.send(json.body);
}

/** Adds accept-encoding to the answer's Vary, keeping what is there (CORS varies by Origin). */
function varyByEncoding(reply: FastifyReply): void {
  const present = reply.getHeader('vary');
  const names = (Array.isArray(present) ? present.join(',') : String(present ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.some((name) => name === '*' || name.toLowerCase() === 'accept-encoding')) return;
  reply.header('vary', [...names, 'accept-encoding'].join(', '));
}
