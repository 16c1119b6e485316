import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { makeReview } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

describe('GET /api/review', () => {
  it('lists reviews newest first with names and ratings', async () => {
    await makeReview(t.app.database.db, {
      reviewerName: 'Older',
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    await makeReview(t.app.database.db, {
      reviewerName: 'Newer',
      rating: 4,
      createdAt: new Date('2026-06-01T00:00:00Z'),
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/review' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ reviewerName: string; rating: number }[]>();
    expect(body.map((r) => r.reviewerName)).toEqual(['Newer', 'Older']);
    expect(body[0]?.rating).toBe(4);
  });

  it('never shows a reviewer email', async () => {
    await makeReview(t.app.database.db, { reviewerEmail: 'private.person@example.com' });
    const res = await t.app.inject({ method: 'GET', url: '/api/review' });
    expect(res.body).not.toContain('private.person@example.com');
    expect(res.json<object[]>()[0]).not.toHaveProperty('reviewerEmail');
  });

  it('keeps the rating rule in the database itself', async () => {
    await expect(makeReview(t.app.database.db, { rating: 6 })).rejects.toThrow();
    await expect(makeReview(t.app.database.db, { rating: 0 })).rejects.toThrow();
  });
});
