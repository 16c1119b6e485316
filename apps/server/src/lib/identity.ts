// What every module and plugin knows of the signed-in person, without knowing how the accounts
// module finds them (modules/accounts/auth): its routes ask the request, which the auth plugin
// decorates.
import type { FastifyRequest } from 'fastify';

import type { Role } from '@apex/contract';

/** Where Better Auth's own endpoints are mounted. */
export const AUTH_BASE_PATH = '/api/auth';

/** Who is calling, as every authorization decision sees them. */
export interface Viewer {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** The session's token: what `PUT /api/user/:email` hands out as the access token. */
  sessionToken: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller (cookie or bearer token), or null; looked up once per request. */
    viewer(): Promise<Viewer | null>;
    /** The signed-in caller; otherwise answers 401. */
    requireUser(): Promise<Viewer>;
    /** The signed-in admin; otherwise answers 401 (nobody) or 403 (not an admin). */
    requireAdmin(): Promise<Viewer>;
  }
}

/**
 * The preHandler of a module whose every route is for admins (Activity, Outbox, Backups): each
 * answers 401 or 403 before its handler runs, and a route added there later cannot forget to ask.
 */
export async function adminsOnly(request: FastifyRequest): Promise<void> {
  await request.requireAdmin();
}
