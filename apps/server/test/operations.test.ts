import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { attemptSignIn, signIn, signUp, signUpAdmin } from './accounts-helpers';
import { makePart } from './factories';
import { chargeTestCard, placeOrder, placeOrderId } from './orders-helpers';
import { createTestApp, type TestApp, useLoggingTestApp, useTestApp } from './test-app';

const METRICS_TOKEN = 'metrics-token-for-the-scraper';

describe('GET /api/metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ metricsToken: METRICS_TOKEN });
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: authorization ? { authorization } : {},
    });

  it('answers only the scraper that sends the token', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer not-the-token')).statusCode).toBe(401);
    expect((await scrape(METRICS_TOKEN)).statusCode).toBe(401);
    const res = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts requests and latency per route pattern, orders by state and payments', async () => {
    const part = await makePart(t.app.database.db, { priceCents: 2_000, stock: 10, minOrder: 1 });
    const customer = await signUp(t.app);
    await t.app.inject({ method: 'GET', url: `/api/parts/${part.id}` });
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing/42' });
    await placeOrderId(t.app, customer, part.id, 3);

    const text = (await scrape(`Bearer ${METRICS_TOKEN}`)).body;
    expect(text).toContain(
      'apex_http_request_duration_seconds_count{method="GET",route="/api/parts/:id",status_code="200"} 1',
    );
    expect(text).toContain(
      'apex_http_request_duration_seconds_count{method="POST",route="/api/orders",status_code="201"} 1',
    );
    // In the 5 s bucket, not the 0.1 s one: on a busy machine one order can take longer than 0.1 s.
    expect(text).toMatch(
      /apex_http_request_duration_seconds_bucket\{le="0\.1",method="POST",route="\/api\/orders",status_code="201"\} [01]/,
    );
    expect(text).toContain(
      'apex_http_request_duration_seconds_bucket{le="5",method="POST",route="/api/orders",status_code="201"} 1',
    );
    // Unknown paths share one series: a scanner cannot multiply them.
    expect(text).toContain('route="unmatched",status_code="404"');
    expect(text).not.toContain('no-such-thing');
    expect(text).toContain('apex_orders{status="unpaid"} 1');
    expect(text).toContain('apex_orders{status="paid"} 0');
    expect(text).toContain('apex_payments_received_dollars 0');
    expect(text).toContain('apex_process_resident_memory_bytes');
  });
});

describe('without METRICS_TOKEN', () => {
  const t = useTestApp();

  it('has no metrics endpoint at all', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(res.statusCode).toBe(404);
  });

  it('names every request in an X-Request-Id, keeping a proxy-given id that looks like one', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-7f3a9c' },
    });
    expect(given.headers['x-request-id']).toBe('lb-7f3a9c');
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'x'.repeat(65) },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the log', () => {
  const { t, lines } = useLoggingTestApp();

  it('ties each line to its request and never shows tokens, cookies, passwords or codes', async () => {
    const customer = await signUp(t.app, { password: 'hunter2secret' });
    await t.app.inject({ method: 'GET', url: '/api/user', headers: customer.bearer });
    await t.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { cookie: customer.cookie },
    });
    await attemptSignIn(t.app, { email: customer.email, password: 'wrong-password-1' });
    await t.app.inject({
      method: 'GET',
      url: '/api/auth/callback/google?code=one-time-google-code&state=state-value-123',
      headers: { 'x-request-id': 'trace-me-42' },
    });
    // A reset link's token travels in its path.
    await t.app.inject({
      method: 'GET',
      url: '/api/auth/reset-password/reset-token-in-path-77?callbackURL=%2Freset-password',
    });

    const log = lines.join('');
    const cookieValue = customer.cookie.split('=')[1] ?? 'missing';
    for (const secret of [
      customer.token,
      cookieValue,
      'hunter2secret',
      'wrong-password-1',
      'one-time-google-code',
      'state-value-123',
      'reset-token-in-path-77',
    ]) {
      expect(log).not.toContain(secret);
    }
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    // Better Auth's wildcard route does not say which endpoint was asked: the URL does, redacted.
    const callback = entries.find((entry) => String(entry.url).includes('/callback/google'));
    expect(callback).toMatchObject({
      reqId: 'trace-me-42',
      route: '/api/auth/*',
      url: '/api/auth/callback/google?code=[REDACTED]&state=[REDACTED]',
    });
    expect(entries.filter((entry) => entry.route).every((entry) => entry.reqId)).toBe(true);
  });

  it('writes one line per request, once it is answered: id, method, route, status and time', async () => {
    const part = await makePart(t.app.database.db);
    lines.length = 0;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/parts/${part.id}`,
      headers: { 'x-request-id': 'one-line-7' },
    });
    expect(res.statusCode).toBe(200);
    const mine = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.reqId === 'one-line-7');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 30,
      msg: 'answered',
      method: 'GET',
      route: '/api/parts/:id',
      statusCode: 200,
    });
    expect(typeof mine[0]?.responseTime).toBe('number');
    // The pattern names the route: the part's id stays out of the line.
    expect(JSON.stringify(mine[0])).not.toContain(part.id);
  });

  it("holds no customer's e-mail address, password or token over a whole journey", async () => {
    lines.length = 0;
    const email = 'janeracer@example.com';
    const password = 'journey-password-77';
    const customer = await signUp(t.app, { email, password });
    const again = await signIn(t.app, email, password);
    const admin = await signUpAdmin(t.app, { email: 'shopowner@example.com' });
    const part = await makePart(t.app.database.db, { priceCents: 1_000, stock: 10, minOrder: 1 });
    const get = (url: string, headers = customer.bearer) =>
      t.app.inject({ method: 'GET', url, headers });
    await get(`/api/orders?userEmail=${encodeURIComponent(email)}`);
    await get(`/api/orders?userEmail=${email}`);
    await get(`/api/admin/${email}`);
    await get(`/api/profile?userEmail=${email}`);
    await t.app.inject({
      method: 'POST',
      url: `/api/profile/${encodeURIComponent(email)}`,
      headers: customer.bearer,
      payload: { location: 'Monza' },
    });
    const placed = await placeOrder(t.app, customer.bearer, {
      orderId: part.id,
      orderQuantity: 2,
      phone: '+1 555 0100',
      address: '1 Pit Lane',
    });
    const orderId = placed.json<{ insertedId: string }>().insertedId;
    const { clientSecret, confirmed } = await chargeTestCard(t.app, customer, orderId);
    const paymentId = confirmed.json<{ paymentIntent: { id: string } }>().paymentIntent.id;
    await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}`,
      headers: customer.bearer,
      payload: { transactionId: paymentId },
    });
    await get('/api/user', admin.bearer);
    await get('/api/allorders', admin.bearer);
    await t.app.inject({ method: 'PUT', url: `/api/allorders/${orderId}`, headers: admin.bearer });
    await t.app.inject({ method: 'PUT', url: `/api/user/admin/${email}`, headers: admin.bearer });
    await get(`/api/no-such-page/${email}`);
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: customer.bearer });

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(20);
    for (const secret of [
      email,
      encodeURIComponent(email),
      admin.email,
      password,
      customer.token,
      again.token,
      admin.token,
      clientSecret,
    ]) {
      expect(log).not.toContain(secret);
    }
    // Routes are logged by their pattern; only an unmatched URL is logged, redacted.
    expect(log).toContain('"route":"/api/user/admin/:email"');
    expect(log).toContain('/api/no-such-page/[EMAIL]');
  });
});
