import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  attemptConfirmation,
  attemptSignIn,
  attemptSignUp,
  type Caller,
  confirmationToken,
  signUp,
} from './accounts-helpers';
import { makePart } from './factories';
import { createTestApp, type TestApp } from './test-app';
import { fakeWebDist } from './web-dist';

/** The Content-Security-Policy as directive → sources. */
function policy(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

const newCustomer = () => ({
  name: 'Header Check',
  email: `headers${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`,
  password: 'secret123',
});

const sessionCookieOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []].flat().find((cookie) => cookie.includes('session_token='));

/** The headers helmet adds beside the policy; every response gets them all. */
const HELMET_HEADERS = [
  'content-security-policy',
  'referrer-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe('over plain http (a laptop, a test)', () => {
  let t: TestApp;
  let partId: string;
  beforeAll(async () => {
    t = await createTestApp({ webDist: fakeWebDist() });
    partId = (await makePart(t.app.database.db)).id;
  });
  afterAll(() => t.close());

  it.each(['/api/parts', '/api/health', '/api/nothing-here'])(
    'sends a JSON response (%s) the security headers too',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['x-request-id']).toBeTruthy();
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined();
      for (const name of HELMET_HEADERS) expect(res.headers[name], name).toBeDefined();
    },
  );

  it.each([
    ['the home page', (): string => '/'],
    ["the web app's other pages", (): string => '/account/orders'],
    ["a part's page", (): string => `/parts/${partId}`],
    ['the API docs', (): string => '/api/docs'],
  ])('sends %s every header', async (_page, url) => {
    const res = await t.app.inject({ method: 'GET', url: url(), headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    for (const name of HELMET_HEADERS) expect(res.headers[name], name).toBeDefined();
    const csp = policy(res.headers['content-security-policy']);
    expect(String(res.headers['content-security-policy'])).not.toMatch(/unsafe-(inline|eval)/);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    // Pictures come from the shop alone (its uploads, its bucket streamed through it), and the
    // stylesheet's data: icons: no other site's address.
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    const customer = newCustomer();
    expect((await attemptSignUp(t.app, customer)).statusCode).toBe(202);
    const res = await attemptConfirmation(t.app, {
      token: await confirmationToken(t.app, customer.email),
      password: customer.password,
    });
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookieOf(res.headers['set-cookie']);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/; Secure/i);
  });

  it('gives other sites no CORS headers, simple or preflight', async () => {
    const simple = await t.app.inject({
      method: 'GET',
      url: '/api/parts',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/orders',
      headers: {
        origin: 'https://elsewhere.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });
});

describe('behind https (PUBLIC_URL https://)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: new URL('https://shop.example.com') });
  });
  afterAll(() => t.close());

  it("sends HSTS on every answer, and asks browsers to upgrade a page's requests", async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/parts' });
    expect(json.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(policy(page.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(
      true,
    );
  });

  it('marks the session cookie Secure as well', async () => {
    const customer = newCustomer();
    const post = (url: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { origin: 'https://shop.example.com' },
        payload,
        remoteAddress: '198.51.100.20',
      });
    expect((await post('/api/sign-up', customer)).statusCode).toBe(202);
    const token = await confirmationToken(t.app, customer.email);
    const res = await post('/api/sign-up/confirm', { token, password: customer.password });
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookieOf(res.headers['set-cookie']);
    expect(cookie).toMatch(/^__Secure-/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
  });
});

describe('with CORS_ORIGINS set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ corsOrigins: ['https://partner.example'] });
  });
  afterAll(() => t.close());

  it('admits the listed origin, and still no other', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/orders',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
    const listed = await preflight('https://partner.example');
    expect(listed.statusCode).toBe(204);
    expect(listed.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(listed.headers['access-control-allow-credentials']).toBe('true');
    const other = await preflight('https://elsewhere.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('with Stripe taking the payments', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      payments: {
        provider: 'stripe',
        secretKey: 'sk_test_headers',
        publishableKey: 'pk_test_headers',
        webhookSecret: null,
        apiUrl: new URL('http://127.0.0.1:9'),
      },
    });
  });
  afterAll(() => t.close());

  it("admits Stripe's origins, and only where Stripe Elements needs them", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const csp = policy(res.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://js.stripe.com']);
    expect(csp.get('frame-src')).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(String(res.headers['content-security-policy'])).not.toMatch(/unsafe-(inline|eval)/);
  });
});

describe('answers that depend on who asks', () => {
  let t: TestApp;
  let customer: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    customer = await signUp(t.app, { password: 'long-enough-secret' });
  });
  afterAll(() => t.close());

  it.each([
    ['GET', (): string => `/api/orders?userEmail=${customer.email}`],
    ['GET', (): string => `/api/profile?userEmail=${customer.email}`],
    ['GET', (): string => '/api/user'],
    ['GET', (): string => `/api/admin/${customer.email}`],
    ['GET', (): string => '/api/allorders'],
    ['PUT', (): string => `/api/user/${customer.email}`],
    ['GET', (): string => '/api/auth/get-session'],
  ] as const)('are never stored by a cache: %s %s', async (method, url) => {
    const res = await t.app.inject({
      method,
      url: url(),
      headers: { ...customer.bearer, cookie: customer.cookie },
      ...(method === 'PUT' ? { payload: { email: customer.email } } : {}),
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('including a sign-in, refused or not', async () => {
    const signedIn = await attemptSignIn(t.app, {
      email: customer.email,
      password: 'long-enough-secret',
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const refused = await attemptSignIn(t.app, {
      email: customer.email,
      password: 'not-it-at-all',
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('while the catalog, the same for everyone, stays cacheable', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/parts',
      headers: { ...customer.bearer, cookie: customer.cookie },
    });
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toMatch(/^"/);
  });
});

describe('changes authenticated by the session cookie', () => {
  let t: TestApp;
  let customer: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    customer = await signUp(t.app);
  });
  afterAll(() => t.close());

  const review = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/review',
      headers: { cookie: customer.cookie, ...headers },
      payload: { rating: 5, description: 'Fits like it was made for the car.' },
    });
  const reviewCount = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/review' })).json<unknown[]>().length;

  it("are refused from another site's page, and change nothing", async () => {
    const before = await reviewCount();
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of foreign) {
      const res = await review(headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: "Changes must come from the shop's own pages" });
    }
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: customer.cookie, origin: 'https://evil.example' },
      payload: { orderId: (await makePart(t.app.database.db)).id, orderQuantity: 2 },
    });
    expect(order.statusCode).toBe(403);
    expect(await reviewCount()).toBe(before);
  });

  it("are accepted from the shop's own pages, and with a bearer token from anywhere", async () => {
    expect((await review({ origin: 'http://localhost:3000' })).statusCode).toBe(201);
    expect((await review({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
    // No other site can make a browser send the Authorization header.
    expect((await review({ ...customer.bearer, origin: 'https://evil.example' })).statusCode).toBe(
      201,
    );
  });
});
