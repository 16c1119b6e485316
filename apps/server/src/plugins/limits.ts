import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

import type { Config } from '../config';
import { AUTH_BASE_PATH } from '../lib/identity';
import type { RateLimitStore } from '../lib/rate-limit-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shop's limits; tests forget their counts between tests. */
    rateLimits: { forgetAll(): Promise<void> };
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const IDENTITY_ROUTE = `${AUTH_BASE_PATH}/*`;

/** Routes that keep their own limits or callers: Better Auth's, and Stripe's signed webhook. */
function countsAsShopWrite(method: string, route: string): boolean {
  return (
    WRITES.has(method) &&
    route.startsWith('/api/') &&
    !route.startsWith(`${AUTH_BASE_PATH}/`) &&
    route !== '/api/payments/webhook'
  );
}

interface Rule {
  /** Seconds the count runs for. */
  window: number;
  max: number;
}

/**
 * Per client address and identity endpoint (below /api/auth): guessing passwords and creating
 * accounts are slow, and a page cannot flood an inbox (Better Auth's own defaults, 3 mails a
 * minute, would let it send 180 an hour).
 */
function identityRule(endpoint: string): Rule {
  if (endpoint.startsWith('/sign-in') || endpoint.startsWith('/sign-up'))
    return { window: 10, max: 3 };
  if (endpoint === '/send-verification-email') return { window: 60 * 60, max: 3 };
  if (endpoint === '/request-password-reset') return { window: 60 * 60, max: 5 };
  return { window: 10, max: 100 };
}

/** The identity endpoint a request asks for, below /api/auth, without its query. */
function identityEndpoint(request: FastifyRequest): string {
  const path = request.url.split('?', 1)[0] ?? '';
  return path.slice(AUTH_BASE_PATH.length);
}

/**
 * A client's address as the limits count it: an IPv6 address by its /64, which one owner holds
 * whole (a home or a server gets at least that), so stepping through it gains no attempts.
 */
const addressOf = (request: FastifyRequest) => normalizeIP(request.ip, 64);

/**
 * The shop's request limits, by @fastify/rate-limit (counted in Redis when REDIS_URL is set, else
 * in this process): every shop write per account (per address when signed out) before its body
 * is read, and the identity endpoints per address. A refusal is a 429 with Retry-After. Failed
 * sign-ins per account are counted apart (`auth/sign-in-limits.ts`), as a success gives its
 * attempt back, which this plugin cannot do.
 */
export const limitsPlugin = fp(
  async (
    app: FastifyInstance,
    { config, redis, counters }: { config: Config; redis: Redis | null; counters: RateLimitStore },
  ) => {
    // Counts are kept under keys of this generation: forgetting them all starts a new one.
    let generation = 0;
    app.decorate('rateLimits', {
      forgetAll: async () => {
        generation += 1;
        await counters.forgetAll();
      },
    });
    if (!config.limits.enabled) return;

    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: 'apex:requests:' } : {}),
      // A limiter that cannot reach Redis must not close the shop: the request goes through,
      // and the Redis client logs why.
      skipOnError: true,
    });
    const tooMany =
      (what: string) =>
      (_request: FastifyRequest, { ttl }: { ttl: number }) =>
        app.httpErrors.tooManyRequests(
          `${what}: try again in ${Math.max(1, Math.ceil(ttl / 1000))} s`,
        );

    const writesLimit = app.rateLimit({
      max: config.limits.writesPerMinute,
      timeWindow: 60_000,
      keyGenerator: async (request) => {
        const viewer = await request.viewer();
        const who = viewer ? `account:${viewer.id}` : `address:${addressOf(request)}`;
        return `${generation}:writes:${who}`;
      },
      errorResponseBuilder: tooMany('Too many changes in a short time'),
    });
    const limitWrites = async (request: FastifyRequest, reply: FastifyReply) => {
      // A route may take reads and writes alike: only its writes count.
      if (WRITES.has(request.method)) await writesLimit.call(app, request, reply);
    };
    const limitIdentity = app.rateLimit({
      max: (request) => identityRule(identityEndpoint(request)).max,
      timeWindow: (request) => identityRule(identityEndpoint(request)).window * 1000,
      keyGenerator: (request) =>
        `${generation}:identity:${identityEndpoint(request)}:${addressOf(request)}`,
      errorResponseBuilder: tooMany('Too many attempts from this address'),
    });

    // Added to the routes that take the shop's writes, and to the identity endpoints, only: a
    // read pays nothing for the limits. Each runs before the route's own hooks (who may upload
    // is asked of a counted request).
    app.addHook('onRoute', (route) => {
      const own = [route.onRequest ?? []].flat();
      if (route.url === IDENTITY_ROUTE) {
        route.onRequest = [limitIdentity, ...own];
      } else if ([route.method].flat().some((method) => countsAsShopWrite(method, route.url))) {
        route.onRequest = [limitWrites, ...own];
      }
    });
  },
  { name: 'limits' },
);
