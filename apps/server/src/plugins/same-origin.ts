import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import type { Config } from '../config';
import { shopOrigins } from '../lib/shop-origins';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Better Auth's session cookie, under either of its names (`__Secure-` over https). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/**
 * A browser attaches the shop's session cookie to requests that other sites' pages send, so a
 * change authenticated by that cookie alone must come from one of the shop's own pages. Requests
 * with a bearer token need no such check: no other site can make a browser send that header.
 */
function isCrossSiteCookieWrite(request: FastifyRequest, allowed: ReadonlySet<string>): boolean {
  if (!WRITES.has(request.method)) return false;
  const route = request.routeOptions.url;
  // Better Auth checks the origin of its own endpoints; Stripe's webhook carries no cookie.
  if (!route?.startsWith('/api/') || route.startsWith('/api/auth/')) return false;
  if (request.headers.authorization) return false;
  if (!SESSION_COOKIE.test(request.headers.cookie ?? '')) return false;
  const origin = request.headers.origin;
  if (origin !== undefined) return !allowed.has(origin);
  // No Origin: a client that is not a browser, or a browser that says where the request began.
  const site = request.headers['sec-fetch-site'];
  return site !== undefined && site !== 'same-origin' && site !== 'none';
}

export const sameOriginPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const allowed = new Set(shopOrigins(config));
    const refuseCrossSite = async (request: FastifyRequest) => {
      if (isCrossSiteCookieWrite(request, allowed)) {
        throw app.httpErrors.forbidden("Changes must come from the shop's own pages");
      }
    };
    // Added to the routes that can take a change only: a read pays nothing for the check. Put
    // first, so a forged request is refused before it counts against its victim's write limit.
    app.addHook('onRoute', (route) => {
      if ([route.method].flat().some((method) => WRITES.has(method))) {
        route.onRequest = [refuseCrossSite, ...[route.onRequest ?? []].flat()];
      }
    });
  },
  { name: 'same-origin', dependencies: ['errors'] },
);
