import { randomInt } from 'node:crypto';

import type { FastifyInstance } from 'fastify';

/** What a signed-in test caller carries: the session cookie and the access token. */
export interface Caller {
  email: string;
  name: string;
  cookie: string;
  token: string;
  /** Authorization header for bearer calls. */
  bearer: { authorization: string };
}

// Better Auth limits sign-up and sign-in per client address; each test caller gets its own.
const nextAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** The headers a browser on the shop's own origin sends (Better Auth checks the Origin). */
/** The headers a browser on the shop's own origin sends (Better Auth checks the Origin). */
export const browserHeaders = { origin: 'http://localhost:3000' };

function sessionCookie(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const session = cookies.find((c) => c.includes('session_token='));
  if (!session) throw new Error(`no session cookie in ${JSON.stringify(cookies)}`);
  return session.split(';')[0] ?? '';
}

/** Signs up through the real identity endpoint, then fetches the access token as the web app does. */
export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{ name: string; email: string; password: string }> = {},
): Promise<Caller> {
  const name = overrides.name ?? 'Test Customer';
  const email = overrides.email ?? `customer${randomInt(1e9)}@example.com`;
  const password = overrides.password ?? 'secret123';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    remoteAddress: nextAddress(),
    headers: browserHeaders,
    payload: { name, email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const cookie = sessionCookie(res.headers['set-cookie']);
  return { email, name, cookie, ...(await fetchToken(app, email, cookie)) };
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<Caller> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: nextAddress(),
    headers: browserHeaders,
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = sessionCookie(res.headers['set-cookie']);
  const name = res.json<{ user: { name: string } }>().user.name;
  return { email, name, cookie, ...(await fetchToken(app, email, cookie)) };
}

async function fetchToken(app: FastifyInstance, email: string, cookie: string) {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/user/${email}`,
    headers: { cookie },
    payload: { email },
  });
  if (res.statusCode !== 200) throw new Error(`token failed: ${res.statusCode} ${res.body}`);
  const { token } = res.json<{ token: string }>();
  return { token, bearer: { authorization: `Bearer ${token}` } };
}

/** Makes an existing account admin directly in the database, as the admin command does. */
export async function makeAdminDirectly(app: FastifyInstance, email: string): Promise<void> {
  const { sql } = await import('drizzle-orm');
  await app.database.db.execute(sql`update users set role = 'admin' where email = ${email}`);
}
