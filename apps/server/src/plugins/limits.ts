import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import type { Config } from '../config';
import type { RateLimitStore } from '../lib/rate-limit-store';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Routes that keep their own limits or callers: Better Auth's, and Stripe's signed webhook. */
function countsAsShopWrite(method: string, route: string): boolean {
  return (
    WRITES.has(method) &&
    route.startsWith('/api/') &&
    !route.startsWith('/api/auth/') &&
    route !== '/api/payments/webhook'
  );
}

/**
 * Limits how many changes one account (or, signed out, one address) may make per minute, so a
 * stolen token or a runaway script cannot flood the shop with orders, reviews or uploads. The
 * count is taken before the body is read; a refusal is a 429 with Retry-After.
 */
export const limitsPlugin = fp(
  async (app: FastifyInstance, { config, store }: { config: Config; store: RateLimitStore }) => {
    if (!config.limits.enabled) return;
    const rule = { window: 60, max: config.limits.writesPerMinute };
    const limitWrites = async (request: FastifyRequest, reply: FastifyReply) => {
      // A route may take reads and writes alike: only its writes count.
      if (!WRITES.has(request.method)) return;
      const viewer = await request.viewer();
      const key = viewer ? `writes:account:${viewer.id}` : `writes:address:${request.ip}`;
      const { allowed, retryAfter } = await store.consume(key, rule);
      if (allowed) return;
      reply.header('retry-after', String(retryAfter));
      throw app.httpErrors.tooManyRequests(
        `Too many changes in a short time: try again in ${retryAfter} s`,
      );
    };
    // Added to the routes that take the shop's writes only: a read pays nothing for the limit.
    // It runs before the route's own hooks (who may upload is asked of a counted request).
    app.addHook('onRoute', (route) => {
      if ([route.method].flat().some((method) => countsAsShopWrite(method, route.url))) {
        route.onRequest = [limitWrites, ...[route.onRequest ?? []].flat()];
      }
    });
  },
  { name: 'limits', dependencies: ['auth'] },
);
