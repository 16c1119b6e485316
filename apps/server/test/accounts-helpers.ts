import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** What a signed-in test caller carries: the session cookie and the access token. */
export interface Caller {
  email: string;
  name: string;
  cookie: string;
  token: string;
  /** Authorization header for bearer calls. */
  bearer: { authorization: string };
}

/**
 * A fresh client address. Better Auth limits sign-up and sign-in per client address, so each
 * simulated client gets its own (10.0.0.0/8, apart from any fixed address a test picks).
 */
export const newClientAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** The headers a browser on the shop's own origin sends (Better Auth checks the Origin). */
export const browserHeaders = { origin: 'http://localhost:3000' };

/** The `name=value` of the session cookie in a response, or null when none was set. */
export function findSessionCookie(setCookie: string | string[] | undefined): string | null {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const session = cookies.find((c) => c.includes('session_token='));
  return session ? (session.split(';')[0] ?? null) : null;
}

function sessionCookie(setCookie: string | string[] | undefined): string {
  const cookie = findSessionCookie(setCookie);
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(setCookie)}`);
  return cookie;
}

/** A form posted to the identity endpoints as the browser sends it, whatever the outcome. */
const postAsBrowser = (
  app: FastifyInstance,
  url: string,
  payload: Record<string, unknown>,
  remoteAddress: string,
): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'POST', url, remoteAddress, headers: browserHeaders, payload });

/** One sign-up request as the browser sends it, whatever the outcome. */
export const attemptSignUp = (
  app: FastifyInstance,
  payload: Record<string, unknown>,
  remoteAddress: string = newClientAddress(),
) => postAsBrowser(app, '/api/sign-up', payload, remoteAddress);

/** The token of the newest confirmation link mailed to `email`, read from the outbox. */
export async function confirmationToken(app: FastifyInstance, address: string): Promise<string> {
  const email = address.trim().toLowerCase();
  const { and, desc, eq } = await import('drizzle-orm');
  const { outbox } = await import('../src/db/schema');
  const [row] = await app.database.db
    .select({ data: outbox.data })
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.kind, 'verify-email')))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  const link = (row?.data as { link?: string } | undefined)?.link;
  if (!link) throw new Error(`no confirmation link was mailed to ${email}`);
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`the confirmation link has no token: ${link}`);
  return token;
}

/** The confirmation link's page, sent as the browser sends it, whatever the outcome. */
export const attemptConfirmation = (
  app: FastifyInstance,
  payload: { token: string; password: string },
  remoteAddress: string = newClientAddress(),
) => postAsBrowser(app, '/api/sign-up/confirm', payload, remoteAddress);

/** One sign-in request as the browser sends it, whatever the outcome. */
export const attemptSignIn = (
  app: FastifyInstance,
  payload: { email: string; password: string },
  remoteAddress: string = newClientAddress(),
) => postAsBrowser(app, '/api/auth/sign-in/email', payload, remoteAddress);

/**
 * Signs up as the pages do: the sign-up, then its link's page with the same password (which
 * creates the account and signs it in); then fetches the access token as the web app does.
 */
export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{ name: string; email: string; password: string }> = {},
): Promise<Caller> {
  const name = overrides.name ?? 'Test Customer';
  const email = overrides.email ?? `customer${randomInt(1e9)}@example.com`;
  const password = overrides.password ?? 'secret123';
  const res = await attemptSignUp(app, { name, email, password });
  if (res.statusCode !== 202) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const token = await confirmationToken(app, email);
  const confirmed = await attemptConfirmation(app, { token, password });
  if (confirmed.statusCode !== 200) {
    throw new Error(`confirmation failed: ${confirmed.statusCode} ${confirmed.body}`);
  }
  const cookie = sessionCookie(confirmed.headers['set-cookie']);
  return { email, name, cookie, ...(await fetchToken(app, email, cookie)) };
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<Caller> {
  const res = await attemptSignIn(app, { email, password });
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

/**
 * Makes an existing account admin directly in the database, as the admin command does. The
 * app's kept callers go at once, as PostgreSQL's change notice makes them go a moment later.
 */
export async function makeAdminDirectly(app: FastifyInstance, email: string): Promise<void> {
  const { sql } = await import('drizzle-orm');
  await app.database.db.execute(sql`update users set role = 'admin' where email = ${email}`);
  app.caches.drop('users');
}

/** Signs up (see `signUp`; the name is "Shop Admin" unless given) and makes the account admin. */
export async function signUpAdmin(
  app: FastifyInstance,
  overrides: Parameters<typeof signUp>[1] = {},
): Promise<Caller> {
  const admin = await signUp(app, { name: 'Shop Admin', ...overrides });
  await makeAdminDirectly(app, admin.email);
  return admin;
}

/** An admin for a test that needs one, at boss@example.com unless another address is given. */
export const newAdmin = (app: FastifyInstance, email = 'boss@example.com') =>
  signUpAdmin(app, { email });

/** A demo account's password, as the shop wrote it to DATA_DIR/demo-logins.json on its first start. */
export function demoPassword(dataDir: string, email: string): string {
  const file = path.join(dataDir, 'demo-logins.json');
  const { logins } = JSON.parse(readFileSync(file, 'utf8')) as {
    logins: { email: string; password: string }[];
  };
  const login = logins.find((entry) => entry.email === email);
  if (!login) throw new Error(`no demo login for ${email} in ${file}`);
  return login.password;
}
