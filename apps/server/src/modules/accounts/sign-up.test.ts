import { eq } from 'drizzle-orm';
import { type MutableResponse, type MutableToken, OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
  attemptConfirmation,
  attemptSignIn,
  attemptSignUp,
  browserHeaders,
  confirmationToken,
  findSessionCookie,
  newClientAddress,
  signIn,
  signUp,
} from '../../../test/accounts-helpers';
import { freePort } from '../../../test/free-port';
import { linkIn } from '../../../test/mail-server';
import { createTestApp, type TestApp, useMailingTestApp } from '../../../test/test-app';
import { accounts, auditLog, outbox, pendingSignUps, sessions, users } from '../../db/schema';
import { MAX_WRONG_PASSWORDS, SIGN_UP_MAILS_PER_HOUR } from './sign-up';

const SHOP = 'http://localhost:3000';
const BOSS = 'boss@example.com';
const OWNER_PASSWORD = 'owners-own-password-1';
const SQUATTER_PASSWORD = 'squatters-password-9';

/** What `GET /api/admin/:email` says of the caller's own account. */
async function isAdmin(t: TestApp, caller: { email: string; cookie: string }) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/${caller.email}`,
    headers: { cookie: caller.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ admin: boolean }>().admin;
}

const mailsTo = async (t: TestApp, email: string) =>
  (await t.app.database.db.select().from(outbox).where(eq(outbox.recipient, email))).map(
    (row) => row.kind,
  );

const accountsWith = async (t: TestApp, email: string) =>
  t.app.database.db.select().from(users).where(eq(users.email, email));

describe('signing up', () => {
  const { t, smtp } = useMailingTestApp({
    auth: {
      secret: 'test-secret-that-is-long-enough-for-hmac-signing',
      adminEmails: [BOSS],
      google: null,
    },
  });

  it('makes no account and no session until the link is opened with the same password', async () => {
    const res = await attemptSignUp(t.app, {
      name: 'Ada',
      email: 'ada@example.com',
      password: OWNER_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(findSessionCookie(res.headers['set-cookie'])).toBeNull();
    expect(await accountsWith(t, 'ada@example.com')).toEqual([]);
    const early = await attemptSignIn(t.app, {
      email: 'ada@example.com',
      password: OWNER_PASSWORD,
    });
    expect(early.statusCode).toBe(401);

    // The mail goes out through the outbox with the link to the shop's own page.
    await t.app.mailSender.deliverDue();
    const [mail] = await smtp.waitFor(1);
    expect(mail?.subject).toBe('Confirm your e-mail address for Apex Parts');
    const link = new URL(linkIn(mail ?? never(), `${SHOP}/confirm-email?token=`));

    const confirmed = await attemptConfirmation(t.app, {
      token: link.searchParams.get('token') ?? '',
      password: OWNER_PASSWORD,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ user: { email: 'ada@example.com', name: 'Ada' } });
    expect(confirmed.headers['set-auth-token']).toBeTruthy();
    const cookie = findSessionCookie(confirmed.headers['set-cookie']);
    if (!cookie) throw new Error('no session cookie');
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie },
    });
    expect(session.json()).toMatchObject({
      user: { email: 'ada@example.com', name: 'Ada', emailVerified: true },
    });
    // The link works once.
    const again = await attemptConfirmation(t.app, {
      token: link.searchParams.get('token') ?? '',
      password: OWNER_PASSWORD,
    });
    expect(again.statusCode).toBe(400);
  });

  it('refuses the link with another password, and drops the sign-up after a few tries', async () => {
    await attemptSignUp(t.app, { name: 'Ada', email: 'ada@example.com', password: OWNER_PASSWORD });
    const token = await confirmationToken(t.app, 'ada@example.com');
    for (let i = 1; i < MAX_WRONG_PASSWORDS; i++) {
      const wrong = await attemptConfirmation(t.app, { token, password: `guess-number-${i}` });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        fields: [{ field: 'body.password', message: 'This is not the password chosen at sign-up' }],
      });
    }
    const last = await attemptConfirmation(t.app, { token, password: 'one-guess-too-many' });
    expect(last.statusCode).toBe(400);
    expect(last.json<{ message: string }>().message).toMatch(/does not work any more/);
    // Even the right password no longer opens it.
    const right = await attemptConfirmation(t.app, { token, password: OWNER_PASSWORD });
    expect(right.statusCode).toBe(400);
    expect(await accountsWith(t, 'ada@example.com')).toEqual([]);
  });

  it('answers a known address as an unknown one, and mails its owner a notice instead of a link', async () => {
    const owner = await signUp(t.app, { email: 'ada@example.com', password: OWNER_PASSWORD });
    const unknown = await attemptSignUp(t.app, {
      name: 'Someone',
      email: 'new@example.com',
      password: SQUATTER_PASSWORD,
    });
    const known = await attemptSignUp(t.app, {
      name: 'Claim it at https://evil.example/refund',
      email: owner.email,
      password: SQUATTER_PASSWORD,
    });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json<{ message: string }>().message).toBe(
      unknown.json<{ message: string }>().message.replace('new@example.com', owner.email),
    );
    expect(await mailsTo(t, owner.email)).toEqual(['verify-email', 'sign-up-existing']);
    // The owner's password still works, and the squatter's does not.
    await signIn(t.app, owner.email, OWNER_PASSWORD);
    expect(
      (await attemptSignIn(t.app, { email: owner.email, password: SQUATTER_PASSWORD })).statusCode,
    ).toBe(401);
    // Nothing the requester typed reaches the owner's mailbox.
    await t.app.mailSender.deliverDue();
    const mails = await smtp.waitFor(3);
    const notice = mails.find((mail) => mail.subject?.startsWith('Someone tried to sign up'));
    expect(notice?.text).toContain('has an account already');
    for (const mail of mails) {
      expect(`${mail.subject} ${mail.text} ${String(mail.html)}`).not.toContain('evil.example');
    }
  });

  it(`mails one address at most ${SIGN_UP_MAILS_PER_HOUR} times an hour, answering alike`, async () => {
    const answers = [];
    for (let i = 0; i < SIGN_UP_MAILS_PER_HOUR + 2; i++) {
      const res = await attemptSignUp(t.app, {
        name: 'Flood',
        email: 'victim@example.com',
        password: `flooding-password-${i}`,
      });
      answers.push(res.statusCode);
    }
    expect(new Set(answers)).toEqual(new Set([202]));
    expect(await mailsTo(t, 'victim@example.com')).toHaveLength(SIGN_UP_MAILS_PER_HOUR);
  });

  it("never gives a squatter the owner's address, nor admin, and the owner's own sign-up wins", async () => {
    // The squatter signs up first with the listed address and a password of their choosing.
    await attemptSignUp(t.app, { name: 'Squatter', email: BOSS, password: SQUATTER_PASSWORD });
    // The owner follows the link they were mailed, but the squatter's password is not theirs.
    const squattersToken = await confirmationToken(t.app, BOSS);
    const owner = await attemptConfirmation(t.app, {
      token: squattersToken,
      password: OWNER_PASSWORD,
    });
    expect(owner.statusCode).toBe(400);
    expect(await accountsWith(t, BOSS)).toEqual([]);

    // The owner signs up on their own: that link, with their password, makes the account admin.
    const boss = await signUp(t.app, { email: BOSS, password: OWNER_PASSWORD });
    expect(await isAdmin(t, boss)).toBe(true);
    const [entry] = await t.app.database.db.select().from(auditLog);
    const [account] = await accountsWith(t, BOSS);
    expect(entry).toMatchObject({
      action: 'user.make-admin',
      actorEmail: BOSS,
      actorId: account?.id,
    });

    // The squatter's sign-up went with the owner's confirmation; their password opens nothing.
    expect(await t.app.database.db.select().from(pendingSignUps)).toEqual([]);
    const retry = await attemptConfirmation(t.app, {
      token: squattersToken,
      password: SQUATTER_PASSWORD,
    });
    expect(retry.statusCode).toBe(400);
    const squatter = await attemptSignIn(t.app, { email: BOSS, password: SQUATTER_PASSWORD });
    expect(squatter.statusCode).toBe(401);
  });

  it('refuses a link whose address got an account another way meanwhile', async () => {
    await attemptSignUp(t.app, { name: 'One', email: 'ada@example.com', password: OWNER_PASSWORD });
    const first = await confirmationToken(t.app, 'ada@example.com');
    await signUp(t.app, { email: 'ada@example.com', password: 'another-password-2' });
    const late = await attemptConfirmation(t.app, { token: first, password: OWNER_PASSWORD });
    expect(late.statusCode).toBe(400);
    expect(await accountsWith(t, 'ada@example.com')).toHaveLength(1);
  });

  it('does not make an account admin whose address is not listed', async () => {
    const customer = await signUp(t.app);
    expect(await isAdmin(t, customer)).toBe(false);
  });

  describe('an account from before addresses were confirmed', () => {
    /** An unconfirmed account with a password, as an earlier version made them. */
    async function unconfirmedAccount(email: string, password: string) {
      const confirmed = await signUp(t.app, { email, password });
      await t.app.database.db
        .update(users)
        .set({ emailVerified: false, role: 'user' })
        .where(eq(users.email, email));
      await t.app.database.db.delete(auditLog);
      t.app.caches.drop('users');
      return confirmed;
    }

    const requestReset = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        remoteAddress: newClientAddress(),
        headers: browserHeaders,
        payload: { email },
      });

    async function resetThroughTheMail(email: string, newPassword: string) {
      expect((await requestReset(email)).statusCode).toBe(200);
      await t.app.mailSender.deliverDue();
      const mails = await smtp.waitFor(2);
      const mail = mails.findLast((m) => m.subject === 'Reset your Apex Parts password');
      const link = new URL(linkIn(mail ?? never(), `${SHOP}/api/auth/reset-password/`));
      const token = decodeURIComponent(link.pathname.split('/').at(-1) ?? '');
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        headers: browserHeaders,
        payload: { token, newPassword },
      });
      expect(reset.statusCode, reset.body).toBe(200);
    }

    it('cannot sign in until a reset link confirms the address and sets the password', async () => {
      await unconfirmedAccount('old@example.com', SQUATTER_PASSWORD);
      const refused = await attemptSignIn(t.app, {
        email: 'old@example.com',
        password: SQUATTER_PASSWORD,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
      await resetThroughTheMail('old@example.com', OWNER_PASSWORD);
      await signIn(t.app, 'old@example.com', OWNER_PASSWORD);
      expect(
        (await attemptSignIn(t.app, { email: 'old@example.com', password: SQUATTER_PASSWORD }))
          .statusCode,
      ).toBe(401);
    });

    it('makes a listed address admin once its password is set through a reset link', async () => {
      await unconfirmedAccount(BOSS, SQUATTER_PASSWORD);
      await resetThroughTheMail(BOSS, OWNER_PASSWORD);
      const boss = await signIn(t.app, BOSS, OWNER_PASSWORD);
      expect(await isAdmin(t, boss)).toBe(true);
    });

    it('lost the sessions it had when this version came', async () => {
      const old = await unconfirmedAccount('old@example.com', SQUATTER_PASSWORD);
      // What migration 0019 does at the upgrade.
      const { sql } = await import('drizzle-orm');
      await t.app.database.db.execute(
        sql`delete from sessions where user_id in (select id from users where not email_verified)`,
      );
      t.app.caches.drop('sessions');
      const orders = await t.app.inject({
        method: 'GET',
        url: `/api/orders?userEmail=${old.email}`,
        headers: old.bearer,
      });
      expect(orders.statusCode).toBe(401);
    });
  });

  it('puts an admin who asks for a reset link in Activity', async () => {
    const admin = await signUp(t.app, { email: BOSS, password: OWNER_PASSWORD });
    const customer = await signUp(t.app);
    await t.app.database.db.delete(auditLog);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      remoteAddress: newClientAddress(),
      headers: { ...browserHeaders, cookie: admin.cookie },
      payload: { email: customer.email },
    });
    expect(res.statusCode).toBe(200);
    const [entry] = await t.app.database.db.select().from(auditLog);
    expect(entry).toMatchObject({
      action: 'user.request-reset',
      actorEmail: BOSS,
      subjectType: 'user',
      after: { email: customer.email },
    });
  });
});

describe("Google's verified e-mail claim", () => {
  const googleUser = { sub: 'google-boss-1', email: BOSS, email_verified: true, name: 'The Boss' };
  let issuer: OAuth2Server;
  let t: TestApp;
  beforeAll(async () => {
    // A local OpenID Connect issuer standing in for Google, as in the browser journeys.
    issuer = new OAuth2Server();
    await issuer.issuer.keys.generate('RS256');
    const port = await freePort();
    issuer.issuer.url = `http://127.0.0.1:${port}`;
    issuer.service.on('beforeTokenSigning', (token: MutableToken) => {
      Object.assign(token.payload, googleUser);
    });
    issuer.service.on('beforeUserinfo', (userInfo: MutableResponse) => {
      userInfo.body = { ...googleUser };
    });
    await issuer.start(port, '127.0.0.1');
    t = await createTestApp({
      auth: {
        secret: 'test-secret-that-is-long-enough-for-hmac-signing',
        adminEmails: [BOSS],
        google: {
          clientId: 'apex-test',
          clientSecret: 'apex-test-secret',
          discoveryUrl: `${issuer.issuer.url}/.well-known/openid-configuration`,
        },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await issuer.stop();
  });
  beforeEach(() => t.reset());

  /** "Continue with Google" without a popup: the shop, Google, and back to the shop. */
  async function signInWithGoogle() {
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: browserHeaders,
      payload: { provider: 'google', callbackURL: '/' },
    });
    expect(start.statusCode, start.body).toBe(200);
    const setCookies = [start.headers['set-cookie'] ?? []].flat();
    const cookies = setCookies.map((cookie) => cookie.split(';')[0]).join('; ');
    const atGoogle = await fetch(start.json<{ url: string }>().url, { redirect: 'manual' });
    const back = new URL(atGoogle.headers.get('location') ?? '');
    const callback = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: cookies },
    });
    expect(callback.statusCode).toBe(302);
    return {
      location: String(callback.headers.location),
      cookie: findSessionCookie(callback.headers['set-cookie']),
    };
  }

  it('makes a new ADMIN_EMAILS account admin at once', async () => {
    const { location, cookie } = await signInWithGoogle();
    expect(location).toBe('/');
    if (!cookie) throw new Error('no session cookie');
    expect(await isAdmin(t, { email: BOSS, cookie })).toBe(true);
  });

  it("works for the owner of an address a squatter signed up with, and ends the squatter's hold", async () => {
    await attemptSignUp(t.app, { name: 'Squatter', email: BOSS, password: SQUATTER_PASSWORD });
    const squattersToken = await confirmationToken(t.app, BOSS);
    const { location, cookie } = await signInWithGoogle();
    expect(location).toBe('/');
    if (!cookie) throw new Error('no session cookie');
    expect(await isAdmin(t, { email: BOSS, cookie })).toBe(true);
    // The squatter's link, even with their own password, opens nothing now.
    const late = await attemptConfirmation(t.app, {
      token: squattersToken,
      password: SQUATTER_PASSWORD,
    });
    expect(late.statusCode).toBe(400);
    const [account] = await accountsWith(t, BOSS);
    const credentials = await t.app.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, account?.id ?? ''));
    expect(credentials.map((row) => row.providerId)).toEqual(['google']);
  });

  it('opens no session when Google says the address is not verified', async () => {
    googleUser.email_verified = false;
    try {
      const { cookie } = await signInWithGoogle();
      expect(cookie).toBeNull();
      expect(await t.app.database.db.select().from(sessions)).toEqual([]);
    } finally {
      googleUser.email_verified = true;
    }
  });
});

function never(): never {
  throw new Error('expected a value');
}
