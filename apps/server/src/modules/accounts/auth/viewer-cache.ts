import { createHash } from 'node:crypto';

import type { Caches } from '../../../lib/json-cache';

/** At most this long, so Better Auth still sees each session often enough to extend it. */
export const VIEWER_KEPT_MS = 60_000;
/** Beyond this many callers, the longest kept goes first: memory stays bounded. */
export const VIEWERS_KEPT = 10_000;

/** The credentials a request sends, as Better Auth reads them (bearer token, session cookie). */
export interface Credentials {
  authorization?: string | undefined;
  cookie?: string | undefined;
}

/**
 * The signed-in callers looked up lately, by the credentials they sent. Without it every
 * signed-in request pays Better Auth's check of the signed token and a joined read of the session
 * and its account: the largest fixed cost of a signed-in request (docs/performance.md). A caller
 * is kept only while that read could not answer otherwise (decision 016):
 * - any committed change to `sessions` or `users`, by any instance, drops every caller kept (a
 *   sign-out, a password change ending every session, a role change, a deleted account); a new
 *   session or account (a sign-in, a sign-up) changes no caller kept, and drops nobody;
 * - while change notices are not arriving (PostgreSQL's listening connection lost), no caller
 *   is served from memory: every request asks the database, as it would without this (what is
 *   kept meanwhile goes when the notices are back);
 * - a lookup that a write overtook is not kept (its answer may predate the write);
 * - a caller is kept at most VIEWER_KEPT_MS, and never past the end of their session.
 * Visitors and refused credentials are not kept: random tokens cannot fill the memory.
 */
export function createViewerCache<Viewer>(caches: Caches) {
  const kept = new Map<string, { viewer: Viewer; until: number }>();
  // Counts the drops: a lookup that began before one may hold what the write changed.
  let generation = 0;
  caches.watch(['sessions', 'users'], () => {
    generation += 1;
    kept.clear();
  });

  // Hashed: a cookie header can be kilobytes long, and the key is all that is kept of it.
  const keyOf = ({ authorization = '', cookie = '' }: Credentials) =>
    createHash('sha256').update(authorization).update('\0').update(cookie).digest('base64url');

  return {
    /** The caller these credentials sign in, from memory or from `lookUp`. */
    async viewerOf(
      credentials: Credentials,
      lookUp: () => Promise<{ viewer: Viewer; sessionEnds: Date } | null>,
    ): Promise<Viewer | null> {
      if (!credentials.authorization && !credentials.cookie)
        return (await lookUp())?.viewer ?? null;
      const key = keyOf(credentials);
      const now = Date.now();
      const hit = kept.get(key);
      if (hit && hit.until > now && caches.listening()) return hit.viewer;
      if (hit) kept.delete(key);
      const began = generation;
      const found = await lookUp();
      if (!found) return null;
      if (began === generation) {
        if (kept.size >= VIEWERS_KEPT) {
          const oldest = kept.keys().next();
          if (!oldest.done) kept.delete(oldest.value);
        }
        kept.set(key, {
          viewer: found.viewer,
          until: Math.min(now + VIEWER_KEPT_MS, found.sessionEnds.getTime()),
        });
      }
      return found.viewer;
    },
  };
}
