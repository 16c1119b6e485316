import { and, eq, gt, lt, sql } from 'drizzle-orm';

import type { Database } from '../db/client';
import { rateLimitCounters } from '../db/schema';

export interface RateLimitRule {
  /** Seconds the count runs for. */
  window: number;
  /** Requests allowed in one window. */
  max: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  /** Seconds until the window frees up, when refused. */
  retryAfter: number | null;
}

/**
 * Counts requests per key in fixed windows, in one atomic step, shared by every server process:
 * Better Auth's sign-in and sign-up limits and the shop's limit on writes both count here.
 */
export interface RateLimitStore {
  consume(key: string, rule: RateLimitRule): Promise<RateLimitVerdict>;
  /**
   * Gives back one request counted in the key's running window, never below zero: a count of
   * failures takes each attempt first (so attempts at once cannot slip past it) and returns the
   * ones that succeed.
   */
  refund(key: string): Promise<void>;
  /** Forgets every count, as if every window had just ended (a test's clean shop). */
  forgetAll(): Promise<void>;
  close(): Promise<void>;
}

export function verdict(count: number, rule: RateLimitRule, msLeft: number): RateLimitVerdict {
  return count <= rule.max
    ? { allowed: true, retryAfter: null }
    : { allowed: false, retryAfter: Math.max(1, Math.ceil(msLeft / 1000)) };
}

/**
 * Counters in the process's memory, for the embedded database: PGlite's data directory admits one
 * server process (db/data-dir-lock.ts), so there is no other process to share the counts with, and
 * a count costs no statement. A restart starts every window afresh, as Redis without persistence
 * would. `now` is the clock, in milliseconds.
 */
export function createMemoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; resetsAt: number }>();
  let sinceSweep = 0;
  return {
    consume(key, rule) {
      const at = now();
      // Expired windows are swept now and then, so the map holds the live windows only.
      if (++sinceSweep >= 500) {
        sinceSweep = 0;
        for (const [k, window] of windows) if (window.resetsAt <= at) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || window.resetsAt <= at) {
        window = { count: 0, resetsAt: at + rule.window * 1000 };
        windows.set(key, window);
      }
      window.count += 1;
      return Promise.resolve(verdict(window.count, rule, window.resetsAt - at));
    },
    refund(key) {
      const window = windows.get(key);
      if (window && window.resetsAt > now()) window.count = Math.max(window.count - 1, 0);
      return Promise.resolve();
    },
    forgetAll() {
      windows.clear();
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
}

/** Counters in the shop's own database: nothing more to run, shared through PostgreSQL. */
export function createDatabaseRateLimitStore(db: Database): RateLimitStore {
  let sinceSweep = 0;
  return {
    async consume(key, rule) {
      // One statement starts, counts or restarts the window, so concurrent requests never race.
      const expired = sql`${rateLimitCounters.resetsAt} <= now()`;
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, count: 1, resetsAt: sql`now() + make_interval(secs => ${rule.window})` })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
            resetsAt: sql`case when ${expired} then excluded.resets_at else ${rateLimitCounters.resetsAt} end`,
          },
        })
        .returning({
          count: rateLimitCounters.count,
          msLeft: sql<number>`(extract(epoch from (${rateLimitCounters.resetsAt} - now())) * 1000)::float8`,
        });
      if (!row) throw new Error('the rate limit counter returned nothing');
      // Expired windows are swept now and then, so the table stays as small as the live windows.
      if (++sinceSweep >= 500) {
        sinceSweep = 0;
        await db.delete(rateLimitCounters).where(lt(rateLimitCounters.resetsAt, sql`now()`));
      }
      return verdict(row.count, rule, row.msLeft);
    },
    async refund(key) {
      await db
        .update(rateLimitCounters)
        .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
        .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.resetsAt, sql`now()`)));
    },
    async forgetAll() {
      await db.delete(rateLimitCounters);
    },
    close: async () => undefined,
  };
}
