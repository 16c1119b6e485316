import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import type { Config } from '../../../config';
import type { RecordAudit } from '../../../lib/audit';
import { AUTH_BASE_PATH, type Viewer } from '../../../lib/identity';
import type { RateLimitStore } from '../../../lib/rate-limit-store';
import { notFoundBody } from '../../../plugins/errors';
import type { PasswordHashing } from '../passwords';
import { errorSummary } from './auth-logger';
import { type Auth, createAuth } from './better-auth';
import { isOpenAuthEndpoint } from './open-endpoints';
import { resolveAuthSecret } from './secret';
import { createViewerCache } from './viewer-cache';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
}

const viewers = new WeakMap<FastifyRequest, Promise<Viewer | null>>();

/**
 * The identity endpoints that read a session, or add one or an account, and change none that a
 * caller kept in memory stands for (below /api/auth).
 */
const CHANGES_NO_KEPT_CALLER = /^\/(get-session|sign-in\/email|sign-up\/email)$/;

/**
 * Identity for the whole app: mounts Better Auth under /api/auth and gives every request
 * `viewer()`, `requireUser()` and `requireAdmin()`. A caller is kept in memory only until a
 * session or an account changes on any instance (`viewer-cache.ts`), so a role change or a
 * sign-out applies on the caller's next request.
 */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    {
      config,
      rateLimitStore,
      recordAudit,
      passwords,
    }: {
      config: Config;
      rateLimitStore: RateLimitStore;
      recordAudit: RecordAudit;
      passwords: PasswordHashing;
    },
  ) => {
    const auth = createAuth(
      app.database.db,
      config,
      resolveAuthSecret(config),
      rateLimitStore,
      app.log.child({ module: 'identity' }),
      recordAudit,
      passwords,
    );
    app.decorate('auth', auth);

    const viewerCache = createViewerCache<Viewer>(app.caches);

    async function lookUpViewer(request: FastifyRequest): Promise<Viewer | null> {
      const { authorization, cookie } = request.headers;
      return viewerCache.viewerOf({ authorization, cookie }, async () => {
        const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
        if (!found) return null;
        const { user, session } = found;
        return {
          viewer: {
            id: user.id,
            email: user.email,
            name: user.name,
            role: user.role === 'admin' ? 'admin' : 'user',
            sessionToken: session.token,
          },
          sessionEnds: session.expiresAt,
        };
      });
    }

    app.decorateRequest('viewer', function (this: FastifyRequest) {
      let viewer = viewers.get(this);
      if (!viewer) {
        viewer = lookUpViewer(this);
        viewers.set(this, viewer);
      }
      return viewer;
    });
    app.decorateRequest('requireUser', async function (this: FastifyRequest) {
      const viewer = await this.viewer();
      if (!viewer) throw app.httpErrors.unauthorized('Please sign in first');
      return viewer;
    });
    app.decorateRequest('requireAdmin', async function (this: FastifyRequest) {
      const viewer = await this.requireUser();
      if (viewer.role !== 'admin') throw app.httpErrors.forbidden('Only admins may do this');
      return viewer;
    });

    // An answer that depends on who asks is never kept by a browser or a proxy, where the next
    // person at a shared computer could read it: every route that looked up its caller, and
    // Better Auth's own answers (sessions, sign-in).
    app.addHook('onSend', (request, reply, payload, done) => {
      if (viewers.has(request) || request.url.startsWith(`${AUTH_BASE_PATH}/`)) {
        reply.header('cache-control', 'no-store');
      }
      done(null, payload);
    });

    // Better Auth's own endpoints, fed the raw body and our idea of the client address.
    await app.register(async (authRoutes) => {
      authRoutes.removeAllContentTypeParsers();
      authRoutes.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
        done(null, body);
      });
      authRoutes.route({
        method: ['GET', 'POST'],
        url: `${AUTH_BASE_PATH}/*`,
        schema: { hide: true },
        async handler(request, reply) {
          const url = new URL(request.url, config.publicUrl.origin);
          // Checked on the URL as Better Auth will see it (dot segments already resolved).
          const below = url.pathname.startsWith(`${AUTH_BASE_PATH}/`)
            ? url.pathname.slice(AUTH_BASE_PATH.length)
            : '';
          if (!isOpenAuthEndpoint(request.method, below)) {
            return reply.code(404).send(notFoundBody(request.method, request.url));
          }
          const headers = fromNodeHeaders(request.headers);
          // Exactly one address: several, or none, would put everyone in one rate-limit bucket.
          headers.set('x-forwarded-for', request.ip);
          const body =
            request.body instanceof Buffer && request.body.length > 0 ? request.body : null;
          const response = await auth
            .handler(
              new Request(url, {
                method: request.method,
                headers,
                body: request.method === 'GET' ? null : body,
              }),
            )
            // A failed query's error carries its SQL parameters (emails, password hashes,
            // tokens): the error handler gets, and logs, only the kind of failure, not the
            // error itself.
            .catch((error: unknown) => errorSummary(error) ?? {});
          // Signing out, a new password, a verified address: each changes a session or an
          // account, and this instance's next request must see it (other instances hear the
          // change notices); dropping either forgets every caller kept. Reading the session
          // changes neither, nor does a refused request (a wrong password, an expired link), nor
          // a sign-in or a sign-up, which only add a session or an account that nobody keeps yet
          // (migration 0018 notifies no INSERT): neither may make every signed-in caller's next
          // request slower.
          const refused =
            response instanceof Response && response.status >= 400 && response.status < 500;
          if (!refused && !CHANGES_NO_KEPT_CALLER.test(below)) app.caches.drop('sessions');
          if (!(response instanceof Response)) {
            throw new Error(`identity request failed: ${JSON.stringify(response)}`);
          }
          reply.status(response.status);
          // The Google popup's pages must keep their link to the shop page that opened them.
          reply.header('cross-origin-opener-policy', 'unsafe-none');
          response.headers.forEach((value, name) => {
            if (name === 'set-cookie') return;
            reply.header(name, value);
          });
          const cookies = response.headers.getSetCookie();
          if (cookies.length > 0) reply.header('set-cookie', cookies);
          return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
        },
      });
    });
  },
  { name: 'auth', dependencies: ['errors'] },
);
