import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

import { type RateLimitStore, verdict } from './rate-limit-store';

// INCR, and start the window's clock on its first request; answers the count and the ms left.
const CONSUME_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

// DECR keeps the key's expiry; a window that has ended is left alone.
const REFUND_SCRIPT = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

const PREFIX = 'apex:rate-limit:';

/**
 * The client every limit of the shop counts through (REDIS_URL): the request limits
 * (@fastify/rate-limit's Redis store, plugins/limits.ts) and the counters below.
 */
export function connectRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    // Fail fast instead of queueing requests behind a Redis that is down.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    lazyConnect: false,
  });
  redis.on('error', (error: Error) => {
    log.warn({ err: error }, 'rate limits (Redis) unavailable');
  });
  return redis;
}

/**
 * Counters in Redis, for several server processes. If Redis cannot be reached the attempt is let
 * through and the failure logged: a limiter that is down must not close the shop.
 */
export function createRedisRateLimitStore(redis: Redis, log: FastifyBaseLogger): RateLimitStore {
  return {
    async consume(key, rule) {
      try {
        const [count, msLeft] = (await redis.eval(
          CONSUME_SCRIPT,
          1,
          `${PREFIX}${key}`,
          String(rule.window * 1000),
        )) as [number, number];
        return verdict(count, rule, msLeft);
      } catch (error) {
        log.warn({ err: error }, 'rate limit not checked: Redis did not answer');
        return { allowed: true, retryAfter: null };
      }
    },
    async refund(key) {
      try {
        await redis.eval(REFUND_SCRIPT, 1, `${PREFIX}${key}`);
      } catch (error) {
        log.warn({ err: error }, 'rate limit not refunded: Redis did not answer');
      }
    },
    async forgetAll() {
      for await (const keys of redis.scanStream({ match: `${PREFIX}*`, count: 500 })) {
        if ((keys as string[]).length > 0) await redis.del(...(keys as string[]));
      }
    },
  };
}
