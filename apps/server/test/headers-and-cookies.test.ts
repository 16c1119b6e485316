import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { attemptSignUp } from './accounts-helpers';
import { createTestApp, type TestApp } from './test-app';

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

describe('over plain http (a laptop, a test)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(['/api/parts', '/api/health', '/api/nothing-here'])(
    'sends the strict headers on %s',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = policy(res.headers['content-security-policy']);
      expect(String(res.headers['content-security-policy'])).not.toMatch(/unsafe-(inline|eval)/);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('style-src')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('frame-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      // Pictures alone may come from anywhere: a part's image may be any web address.
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'https:', 'http:']);
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    const res = await attemptSignUp(t.app, newCustomer());
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

  it('sends HSTS and asks browsers to upgrade insecure requests', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/parts' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(policy(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(
      true,
    );
  });

  it('marks the session cookie Secure as well', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'https://shop.example.com' },
      payload: newCustomer(),
      remoteAddress: '198.51.100.20',
    });
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
    const res = await t.app.inject({ method: 'GET', url: '/api/parts' });
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
