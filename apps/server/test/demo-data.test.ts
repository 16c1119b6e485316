import { existsSync } from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Part, Review } from '@apex/contract';

import { seedDemoData } from '../src/db/seed';
import { serverRoot } from '../src/paths';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(() => t.close());

describe('demo data on an empty shop', () => {
  it('fills the catalogue with at least 12 parts and 6 reviews', async () => {
    const parts = (await t.app.inject({ method: 'GET', url: '/api/parts' })).json<Part[]>();
    const reviews = (await t.app.inject({ method: 'GET', url: '/api/review' })).json<Review[]>();
    expect(parts.length).toBeGreaterThanOrEqual(12);
    expect(reviews.length).toBeGreaterThanOrEqual(6);
    for (const part of parts) {
      expect(part.minorder).toBeLessThanOrEqual(part.quantity);
      expect(part.price).toBeGreaterThan(0);
    }
  });

  it('gives every part its own picture, shipped with the web app', async () => {
    const parts = (await t.app.inject({ method: 'GET', url: '/api/parts' })).json<Part[]>();
    const images = parts.map((p) => p.image);
    expect(new Set(images).size).toBe(parts.length);
    const publicDir = path.resolve(serverRoot, '..', 'web', 'public');
    for (const image of images) {
      expect(image).toMatch(/^\/images\/parts\/[a-z0-9-]+\.svg$/);
      expect(existsSync(path.join(publicDir, image)), image).toBe(true);
    }
  });

  it('compresses the catalogue for clients that accept gzip', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/parts',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('leaves a shop that already has parts alone', async () => {
    expect(await seedDemoData(t.app.database.db)).toBe(false);
  });
});
