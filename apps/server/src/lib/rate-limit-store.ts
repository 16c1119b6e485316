import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

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
 * Counts attempts per key in fixed windows, in one atomic step, for the two limits that
 * @fastify/rate-limit cannot keep (it counts requests, and never gives one back): failed sign-ins
 * per account, which a success gives back, and reset mails per account, counted in Better Auth's
 * hooks. Shared by every server process through Redis when REDIS_URL is set.
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
}

export function verdict(count: number, rule: RateLimitRule, msLeft: number): RateLimitVerdict {
  return count <= rule.max
    ? { allowed: true, retryAfter: null }
    : { allowed: false, retryAfter: Math.max(1, Math.ceil(msLeft / 1000)) };
}

/**
 * Counters in the process's memory, without Redis: the embedded database admits one server process
 * (db/data-dir-lock.ts), so there is no other process to share the counts with. A restart starts
 * every window afresh, as Redis without persistence would. `now` is the clock, in milliseconds.
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
  };
}

/**
 * The Redis client of REDIS_URL and the counters on it, or no client and counters in memory.
 * Redis's client loads only when Redis is configured: every module costs start-up time.
 */
export async function openLimitCounters(
  url: string | null,
  log: FastifyBaseLogger,
): Promise<{ redis: Redis | null; counters: RateLimitStore }> {
  if (!url) return { redis: null, counters: createMemoryRateLimitStore() };
  const { connectRedis, createRedisRateLimitStore } = await import('./redis-rate-limit-store');
  const redis = connectRedis(url, log);
  return { redis, counters: createRedisRateLimitStore(redis, log) };
}
