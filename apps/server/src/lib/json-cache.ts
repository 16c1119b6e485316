import { createHash } from 'node:crypto';

import type { FastifyReply } from 'fastify';

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

export interface Cache<T> {
  get: () => Promise<T>;
  /** The value, when it is loaded and still current, without waiting for a load. */
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
 * Sends a cached response under its ETag. The etag plugin answers 304 when the client holds these
 * bytes, and the compress plugin gzips them for a client that takes gzip (plugins/http-caching.ts).
 * `no-cache` makes browsers revalidate every time, which costs one cheap 304.
 */
export function sendCachedJson(reply: FastifyReply, json: CachedJson) {
  // Bytes with a JSON content type are sent as they are: serialized once, not per request.
  return reply
    .header('etag', json.etag)
    .header('cache-control', 'no-cache')
    .type('application/json; charset=utf-8')
    .send(json.body);
}
