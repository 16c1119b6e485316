import { describe, expect, it } from 'vitest';

import { signUp } from '../../../test/accounts-helpers';
import { makeReview } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { reviews } from '../../db/schema';

const t = useTestApp();

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
    // Refused by the rule itself (a check violation, 23514), not by any other failure.
    const brokenRule = { cause: { code: '23514', constraint: 'reviews_rating_range' } };
    await expect(makeReview(t.app.database.db, { rating: 6 })).rejects.toMatchObject(brokenRule);
    await expect(makeReview(t.app.database.db, { rating: 0 })).rejects.toMatchObject(brokenRule);
    await makeReview(t.app.database.db, { rating: 1 });
    await makeReview(t.app.database.db, { rating: 5 });
    expect((await t.app.database.db.select().from(reviews)).map((r) => r.rating).sort()).toEqual([
      1, 5,
    ]);
  });
});

describe('POST /api/review', () => {
  const addReview = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/review', headers, payload: payload as object });
  const reviewCount = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/review' })).json<unknown[]>().length;

  it("adds the review under the account's name, whatever name and email the body gives", async () => {
    await makeReview(t.app.database.db, { createdAt: new Date('2026-01-01T00:00:00Z') });
    const customer = await signUp(t.app, { name: 'Real Name', email: 'realname@example.com' });
    const before = await t.app.inject({ method: 'GET', url: '/api/review' });

    const res = await addReview(customer.bearer, {
      reviewerName: 'Someone Else',
      reviewerEmail: 'someoneelse@example.com',
      rating: 5,
      description: '  Fits perfectly.  ',
    });
    expect(res.statusCode).toBe(201);
    const { insertedId, review } = res.json<{ insertedId: string; review: object }>();
    expect(review).toEqual({
      _id: insertedId,
      reviewerName: 'Real Name',
      rating: 5,
      description: 'Fits perfectly.',
    });

    const after = await t.app.inject({ method: 'GET', url: '/api/review' });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const list = after.json<{ _id: string }[]>();
    expect(list).toHaveLength(2);
    expect(list[0]?._id).toBe(insertedId);
    expect(after.body).not.toContain('realname@example.com');
    expect(after.body).not.toContain('Someone Else');
    const stored = await t.app.database.db.select().from(reviews);
    expect(stored.find((row) => row.id === insertedId)?.reviewerEmail).toBe('realname@example.com');
  });

  it.each([0, 6, 2.5, -1, '5', null])(
    'refuses a rating of %j with the spec message and adds nothing',
    async (rating) => {
      const customer = await signUp(t.app);
      const res = await addReview(customer.bearer, { rating, description: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        fields: [{ field: 'body.rating', message: 'Value Must be between 1 to 5' }],
      });
      expect(await reviewCount()).toBe(0);
    },
  );

  it('refuses a description over 2,000 characters', async () => {
    const customer = await signUp(t.app);
    const res = await addReview(customer.bearer, { rating: 4, description: 'x'.repeat(2001) });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('body.description');
    expect(await reviewCount()).toBe(0);
  });

  it('refuses text PostgreSQL cannot store (a NUL character) with 400, not a failure', async () => {
    const customer = await signUp(t.app);
    const res = await addReview(customer.bearer, { rating: 4, description: 'nul\u0000here' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      fields: [{ field: 'body.description', message: 'must not contain a NUL character' }],
    });
    const inPath = await t.app.inject({
      method: 'PUT',
      url: '/api/user/admin/a%00b@example.com',
      headers: customer.bearer,
    });
    expect(inPath.statusCode).toBe(400);
    expect(await reviewCount()).toBe(0);
  });

  it('answers 401 to visitors and adds nothing', async () => {
    const res = await addReview({}, { rating: 5, description: 'Anonymous praise' });
    expect(res.statusCode).toBe(401);
    expect(await reviewCount()).toBe(0);
  });
});
