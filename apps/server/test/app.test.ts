import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from './test-app';
import { fakeWebDist } from './web-dist';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webDist: fakeWebDist() });
});
afterAll(() => t.close());

describe('operations', () => {
  it('reports liveness and readiness', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/parts', '/api/parts/{id}', '/api/review', '/api/ready']),
    );
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  // The spec's clients depend on every route, field and status this document describes: a change
  // to it is a change to the API, made on purpose and reviewed as a diff of openapi.json (a
  // refactor inside the server must leave it byte for byte as it was).
  it('documents exactly the API reviewed in openapi.json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    await expect(`${JSON.stringify(res.json(), null, 2)}\n`).toMatchFileSnapshot('./openapi.json');
  });
});

describe('the web app and the API on one origin', () => {
  it('serves index.html for page navigations, uncached', async () => {
    for (const url of ['/blogs', '/purchase/123', '/no/such/page', '/login/more']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>Apex Parts</title>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves a public page its own HTML, uncached', async () => {
    const cases = [
      { url: '/', title: 'Home page' },
      { url: '/?ref=mail', title: 'Home page' },
      { url: '/login', title: 'Login page' },
      { url: '/login/', title: 'Login page' },
      { url: '/login?returnTo=%2Fdashboard', title: 'Login page' },
    ];
    for (const { url, title } of cases) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(`<title>${title}</title>`);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves a public page to any client, as a file: curl, monitors and crawlers alike', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      for (const accept of [undefined, '*/*']) {
        const res = await t.app.inject({ method, url: '/', headers: accept ? { accept } : {} });
        expect(res.statusCode, `${method} / accept ${accept}`).toBe(200);
        expect(res.headers['content-type'], `${method} / accept ${accept}`).toContain('text/html');
      }
    }
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("never serves a source map, which would hand out the web app's own source", async () => {
    for (const url of ['/assets/index-abc123.js.map', '/assets/index-abc123.js.MAP']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
  });

  it('answers JSON 404, never index.html, for unknown API paths and missing files', async () => {
    const cases = [
      { method: 'GET' as const, url: '/api/nothing-here', accept: 'text/html' },
      { method: 'POST' as const, url: '/api/nothing-here', accept: 'application/json' },
      { method: 'GET' as const, url: '/assets/missing-123.js', accept: '*/*' },
      { method: 'GET' as const, url: '/images/missing.png', accept: 'text/html' },
      { method: 'POST' as const, url: '/blogs', accept: 'text/html' },
    ];
    for (const { method, url, accept } of cases) {
      const res = await t.app.inject({ method, url, headers: { accept } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
  });
});

describe('readiness without a database', () => {
  it('answers 503 when the database cannot be reached', async () => {
    const broken = await createTestApp();
    await broken.app.database.close();
    const res = await broken.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable' });
    // The closed database must not make shutting down fail.
    await broken.app.close().catch(() => undefined);
  });
});
