import { randomInt } from 'node:crypto';

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { browserHeaders, newClientAddress, signUp } from '../../../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { ACCOUNT_SIGN_IN_RULE } from './sign-in-limits';

const PASSWORD = 'pit-lane-password-7';
const LIMIT = ACCOUNT_SIGN_IN_RULE.max;

// The counts live in the shop's database by default, and in Redis when one is given (CI gives
// one): both must give back what a successful sign-in took.
const redisUrl = process.env.TEST_REDIS_URL;
const stores: [string, string | null][] = [
  ['the database', null],
  ...(redisUrl ? [['Redis', redisUrl] as [string, string]] : []),
];

/** The `name=value` of the known-device cookie in a response, if one was set. */
function knownDeviceCookie(res: LightMyRequestResponse): string | null {
  const setCookie = res.headers['set-cookie'];
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = cookies.find((cookie) => cookie.includes('known_device_'));
  return found ? (found.split(';')[0] ?? null) : null;
}

describe.each(stores)('failed sign-ins per account, counted in %s', (_store, redis) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      limits: { enabled: true, writesPerMinute: 100_000, redisUrl: redis },
    });
  });
  afterAll(() => t.close());

  /** One sign-in from a new address each time (the per-address limit is not what is tested). */
  const signIn = (email: string, password: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: newClientAddress(),
      headers: { ...browserHeaders, ...(cookie ? { cookie } : {}) },
      payload: { email, password },
    });

  /** A customer who has signed in once on their own browser, which now carries its cookie. */
  async function ownerWithKnownBrowser() {
    const email = `owner${randomInt(1e9)}@example.com`;
    await signUp(t.app, { email, password: PASSWORD });
    const signedIn = await signIn(email, PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    const cookie = knownDeviceCookie(signedIn);
    if (!cookie) throw new Error('no known-device cookie after signing in');
    return { email, cookie };
  }

  /** Someone guessing the account's password from a new address on every try. */
  async function spray(email: string, attempts: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < attempts; i++) {
      statuses.push((await signIn(email, `guess-number-${i}`)).statusCode);
    }
    return statuses;
  }

  it('stops a guesser spraying one account from many addresses, even with the right password', async () => {
    const { email } = await ownerWithKnownBrowser();
    expect(await spray(email, LIMIT)).toEqual(Array<number>(LIMIT).fill(401));

    const refused = await signIn(email, PASSWORD);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(ACCOUNT_SIGN_IN_RULE.window);
    expect(refused.json<{ message: string }>().message).toMatch(
      /^Too many failed sign-ins for this account: try again in \d+ min/,
    );
    expect(knownDeviceCookie(refused)).toBeNull();
  });

  it("lets the owner's known browser sign in while the account is under attack", async () => {
    const { email, cookie } = await ownerWithKnownBrowser();
    await spray(email, LIMIT + 3);
    expect((await signIn(email, PASSWORD)).statusCode).toBe(429);

    const owner = await signIn(email, PASSWORD, cookie);
    expect(owner.statusCode).toBe(200);
    // A wrong password on the known browser is still only a wrong password.
    expect((await signIn(email, 'not-my-password', cookie)).statusCode).toBe(401);
  });

  it("gives no head start to another account's cookie or a forged one", async () => {
    const victim = await ownerWithKnownBrowser();
    const other = await ownerWithKnownBrowser();
    await spray(victim.email, LIMIT);

    const [name = '', value = ''] = victim.cookie.split('=');
    const otherValue = other.cookie.split('=')[1] ?? '';
    const forged = `${name}=${encodeURIComponent(`${decodeURIComponent(value).split('.')[0] ?? ''}.forged`)}`;
    for (const cookie of [other.cookie, `${name}=${otherValue}`, forged]) {
      expect((await signIn(victim.email, PASSWORD, cookie)).statusCode).toBe(429);
    }
    expect((await signIn(victim.email, PASSWORD, victim.cookie)).statusCode).toBe(200);
  });

  it('counts only failures: an owner signing in often from new browsers is never refused', async () => {
    const email = `frequent${randomInt(1e9)}@example.com`;
    await signUp(t.app, { email, password: PASSWORD });
    for (let i = 0; i < LIMIT + 2; i++) {
      expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
    }
    expect(await spray(email, LIMIT)).toEqual(Array<number>(LIMIT).fill(401));
    expect((await signIn(email, PASSWORD)).statusCode).toBe(429);
  });

  it('refuses a known browser of its own after as many failures from it', async () => {
    const { email, cookie } = await ownerWithKnownBrowser();
    for (let i = 0; i < LIMIT; i++) {
      expect((await signIn(email, `guess-number-${i}`, cookie)).statusCode).toBe(401);
    }
    expect((await signIn(email, PASSWORD, cookie)).statusCode).toBe(429);
    // The guesses from that browser did not touch the count of other browsers.
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
  });
});
