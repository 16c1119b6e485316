import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import {
  attemptConfirmation,
  attemptSignIn,
  attemptSignUp,
  browserHeaders,
  type Caller,
  confirmationToken,
  findSessionCookie,
  signUp,
  signUpAdmin,
} from '../../../../test/accounts-helpers';
import { createTestApp, type TestApp, useLoggingTestApp } from '../../../../test/test-app';
import { isOpenAuthEndpoint, OPEN_AUTH_ENDPOINTS } from './open-endpoints';

const PASSWORD = 'grid-walk-password-3';

// Vitest types asymmetric matchers as `any`; held as `unknown`, no `any` leaks into the tests.
const matching = (pattern: RegExp): unknown => expect.stringMatching(pattern);

interface Endpoint {
  method: string;
  path: string;
}

/** Every method and path Better Auth (with the shop's plugins) answers, read from the running app. */
function registeredEndpoints(t: TestApp): Endpoint[] {
  const found: Endpoint[] = [];
  for (const endpoint of Object.values(t.app.auth.api) as unknown[]) {
    if (typeof endpoint !== 'function') continue;
    const { path, options } = endpoint as {
      path?: unknown;
      options?: { method?: unknown };
    };
    if (typeof path !== 'string') continue;
    const method = options?.method;
    const methods = (Array.isArray(method) ? method : [method]).filter(
      (m): m is string => typeof m === 'string',
    );
    for (const m of methods.flatMap((m) => (m === '*' ? ['GET', 'POST'] : [m]))) {
      // The shop routes GET and POST to Better Auth; Fastify answers any other method itself.
      if (m === 'GET' || m === 'POST') found.push({ method: m, path });
    }
  }
  return found;
}

const concrete = (path: string) => path.replace(/:[^/]+/g, 'x');

/** The shop's own 404 for a path it does not serve. */
function expectClosed(res: LightMyRequestResponse, method: string, path: string) {
  expect(res.statusCode, `${method} ${path}`).toBe(404);
  expect(res.json(), `${method} ${path}`).toEqual({
    statusCode: 404,
    error: 'Not Found',
    message: `Nothing at ${method} /api/auth${path}`,
  });
}

describe('the identity endpoints under /api/auth', () => {
  let t: TestApp;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpAdmin(t.app, { email: 'chief@example.com', password: PASSWORD });
  });
  afterAll(() => t.close());

  const call = (method: string, path: string, caller: Caller | null = admin) =>
    t.app.inject({
      method: method === 'GET' ? 'GET' : 'POST',
      url: `/api/auth${path}`,
      headers: {
        ...browserHeaders,
        ...(caller ? { cookie: caller.cookie, ...caller.bearer } : {}),
      },
      ...(method === 'GET' ? {} : { payload: {} }),
    });

  it('answers 404 to an admin on every endpoint the shop does not use', async () => {
    const closed = registeredEndpoints(t).filter(
      ({ method, path }) => !isOpenAuthEndpoint(method, concrete(path)),
    );
    // The list really comes from Better Auth: these must be among the closed ones.
    const closedPaths = closed.map(({ path }) => path);
    for (const dangerous of [
      '/admin/impersonate-user',
      '/admin/set-user-password',
      '/admin/create-user',
      '/admin/set-role',
      '/admin/remove-user',
      '/admin/list-users',
      '/admin/ban-user',
      '/update-user',
      '/change-email',
      '/change-password',
      '/delete-user',
      '/list-sessions',
      '/revoke-sessions',
      '/link-social',
      '/verify-password',
    ]) {
      expect(closedPaths).toContain(dangerous);
    }
    for (const { method, path } of closed) {
      expectClosed(await call(method, concrete(path)), method, concrete(path));
    }
    // Nothing happened: the admin is still the only account, and still an admin.
    const users = await t.app.inject({ method: 'GET', url: '/api/user', headers: admin.bearer });
    expect(users.json()).toEqual([expect.objectContaining({ email: admin.email, role: 'admin' })]);
  });

  it('opens only endpoints Better Auth has, each by its exact method and path', () => {
    const registered = new Set(
      registeredEndpoints(t).map(({ method, path }) => `${method} ${concrete(path)}`),
    );
    const missing = OPEN_AUTH_ENDPOINTS.filter((entry) => !registered.has(concrete(entry)));
    expect(missing).toEqual([]);
  });

  it.each([
    '/sign-in/email/',
    '/SIGN-IN/email',
    '/admin%2Fset-role',
    '/sign-in/email/../../auth/admin/set-role',
    '/callback/',
    '/',
  ])(
    'closes the look-alike path %s that a lenient router might take for an open one',
    async (path) => {
      const res = await call('POST', path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json<{ message: string }>().message, path).toMatch(/^Nothing at POST /);
    },
  );

  it('keeps signing up, signing in, the session and signing out working', async () => {
    const email = 'newcomer@example.com';
    await signUp(t.app, { name: 'Newcomer', email, password: PASSWORD });
    const signedIn = await attemptSignIn(t.app, { email, password: PASSWORD });
    expect(signedIn.statusCode).toBe(200);
    const cookie = findSessionCookie(signedIn.headers['set-cookie']);
    if (!cookie) throw new Error('no session cookie');

    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie },
    });
    expect(session.json()).toMatchObject({ user: { email } });
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...browserHeaders, cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie },
    });
    expect(after.json()).toBeNull();
  });

  it("passes Google sign-in's steps through to Better Auth", async () => {
    // Google is not configured in this shop: Better Auth itself answers each step.
    const popup = await t.app.inject({
      method: 'GET',
      url: '/api/auth/oauth-popup/start?provider=google&popupOrigin=http://localhost:3000',
    });
    expect(popup.statusCode).toBe(200);
    expect(popup.body).toContain('provider_not_found');
    const social = await call('POST', '/sign-in/social', null);
    expect(social.json()).not.toMatchObject({ message: matching(/^Nothing at/) });
    const callback = await t.app.inject({
      method: 'GET',
      url: '/api/auth/callback/google?code=c&state=s',
    });
    expect(callback.statusCode).toBe(302);
    const error = await t.app.inject({ method: 'GET', url: '/api/auth/error?error=x' });
    expect(error.statusCode).toBe(200);
  });
});

describe("Better Auth's own log lines", () => {
  const { t, lines } = useLoggingTestApp();
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Everything written to the console while `act` runs. */
  async function consoleDuring(act: () => Promise<void>): Promise<unknown[][]> {
    const written: unknown[][] = [];
    for (const method of ['log', 'info', 'warn', 'error'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        written.push(args);
      });
    }
    await act();
    vi.restoreAllMocks();
    return written;
  }

  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  it('go to the JSON log, not the console', async () => {
    const written = await consoleDuring(async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/oauth-popup/start?provider=google&popupOrigin=https://elsewhere.example',
      });
      expect(res.statusCode).toBe(403);
    });
    expect(written).toEqual([]);
    expect(entries()).toContainEqual(
      expect.objectContaining({
        level: 50,
        msg: matching(/^OAuth popup origin is not a trusted origin/),
      }),
    );
  });

  it('a failing query leaves JSON lines without its parameters, and a plain 500', async () => {
    const email = 'failingquery@example.com';
    const password = 'failing-query-password';
    expect(
      (await attemptSignUp(t.app, { name: 'Failing Query', email, password })).statusCode,
    ).toBe(202);
    const token = await confirmationToken(t.app, email);
    await t.app.database.db.execute(sql`alter table sessions rename to sessions_away`);
    const before = lines.length;
    try {
      const written = await consoleDuring(async () => {
        const res = await attemptConfirmation(t.app, { token, password });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'Something went wrong on our side. Please try again shortly.',
        });
      });
      expect(written).toEqual([]);
    } finally {
      await t.app.database.db.execute(sql`alter table sessions_away rename to sessions`);
    }
    const logged = lines.slice(before);
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) {
      expect(() => JSON.parse(line) as unknown, line).not.toThrow();
      expect(line).not.toContain(email);
      expect(line).not.toContain('params');
    }
    expect(logged.join('')).toContain('42P01');
  });
});
