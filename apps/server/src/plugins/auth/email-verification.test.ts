import { eq } from 'drizzle-orm';
import { type MutableResponse, type MutableToken, OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
  attemptSignUp,
  browserHeaders,
  type Caller,
  findSessionCookie,
  newClientAddress,
  signIn,
  signUp,
} from '../../../test/accounts-helpers';
import { freePort } from '../../../test/free-port';
import { linkIn, refuseToQueue } from '../../../test/mail-server';
import { createTestApp, type TestApp, useMailingTestApp } from '../../../test/test-app';
import { accounts, auditLog, outbox, sessions, users as usersTable } from '../../db/schema';

const SHOP = 'http://localhost:3000';
const BOSS = 'boss@example.com';

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

/** Opens a link from a mail as the browser does, and says where it was sent on to. */
async function follow(t: TestApp, link: string, cookie?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: link.slice(SHOP.length),
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(302);
  return String(res.headers.location);
}

const mailKinds = async (t: TestApp) =>
  (await t.app.database.db.select({ kind: outbox.kind }).from(outbox)).map((row) => row.kind);

describe('e-mail verification', () => {
  const { t, smtp } = useMailingTestApp({
    auth: {
      secret: 'test-secret-that-is-long-enough-for-hmac-signing',
      adminEmails: [BOSS],
      google: null,
    },
  });

  /** The verification link in the one mail sent so far. */
  async function verificationLink() {
    await t.app.mailSender.deliverDue();
    const [mail] = await smtp.waitFor(1);
    if (!mail) throw new Error('no mail');
    expect(mail.subject).toBe('Confirm your e-mail address for Apex Parts');
    return linkIn(mail, `${SHOP}/api/auth/verify-email?`);
  }

  it('signs the new customer in at sign-up, unverified, and mails a verification link', async () => {
    const customer = await signUp(t.app, { email: 'ada@example.com' });
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: customer.cookie },
    });
    expect(session.json()).toMatchObject({
      user: { email: 'ada@example.com', emailVerified: false },
    });
    expect(await mailKinds(t)).toEqual(['verify-email']);
    const link = await verificationLink();
    // The link goes through the shop's own address to its page, whatever the client asked.
    expect(new URL(link).searchParams.get('callbackURL')).toBe('/verify-email');

    expect(await follow(t, link)).toBe('/verify-email');
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: customer.cookie },
    });
    expect(after.json()).toMatchObject({ user: { emailVerified: true } });
  });

  it('creates no account whose verification mail could not be queued, nor half of one', async () => {
    const undo = await refuseToQueue(t.app.database.db, 'verify-email');
    try {
      const res = await attemptSignUp(t.app, {
        name: 'Ada',
        email: 'ada@example.com',
        password: 'secret123',
      });
      expect(res.statusCode, res.body).toBe(422);
    } finally {
      await undo();
    }
    // The account, its password and its session went with the mail: the address is still free.
    const db = t.app.database.db;
    expect(await db.select().from(usersTable)).toEqual([]);
    expect(await db.select().from(accounts)).toEqual([]);
    expect(await db.select().from(sessions)).toEqual([]);
    await signUp(t.app, { email: 'ada@example.com' });
    expect(await mailKinds(t)).toEqual(['verify-email']);
  });

  it('makes an ADMIN_EMAILS account admin only once its address is verified by the link', async () => {
    const boss = await signUp(t.app, { email: BOSS });
    expect(await isAdmin(t, boss)).toBe(false);
    const users = await t.app.inject({ method: 'GET', url: '/api/user', headers: boss.bearer });
    expect(users.statusCode).toBe(403);

    const link = await verificationLink();
    expect(await follow(t, link)).toBe('/verify-email');
    expect(await isAdmin(t, boss)).toBe(true);
    const usersNow = await t.app.inject({ method: 'GET', url: '/api/user', headers: boss.bearer });
    expect(usersNow.statusCode).toBe(200);
    // The activity log says who granted it: the configured list, acting as the account itself.
    const [entry] = await t.app.database.db.select().from(auditLog);
    expect(entry).toMatchObject({
      action: 'user.make-admin',
      actorEmail: BOSS,
      subjectType: 'user',
      before: { email: BOSS, role: 'user' },
      after: { email: BOSS, role: 'admin' },
    });

    // Used again, the link changes nothing and still lands on the page.
    expect(await follow(t, link)).toBe('/verify-email');
    expect(await t.app.database.db.select().from(auditLog)).toHaveLength(1);
  });

  it('grants a listed verified address at the next sign-in, if the grant after verifying was lost', async () => {
    const boss = await signUp(t.app, { email: BOSS, password: 'boss-password-1' });
    // Verified, as if the process had stopped right after Better Auth's commit of it.
    await t.app.database.db
      .update(usersTable)
      .set({ emailVerified: true })
      .where(eq(usersTable.email, BOSS));
    expect(await isAdmin(t, boss)).toBe(false);

    const again = await signIn(t.app, BOSS, 'boss-password-1');
    expect(await isAdmin(t, again)).toBe(true);
    expect(await t.app.database.db.select().from(auditLog)).toHaveLength(1);
    await signIn(t.app, BOSS, 'boss-password-1');
    expect(await t.app.database.db.select().from(auditLog)).toHaveLength(1);
  });

  it('does not make an account admin by verifying an address that is not listed', async () => {
    const customer = await signUp(t.app);
    expect(await follow(t, await verificationLink())).toBe('/verify-email');
    expect(await isAdmin(t, customer)).toBe(false);
  });

  it('sends a link that was tampered with to the page with the reason', async () => {
    const customer = await signUp(t.app);
    const link = new URL(await verificationLink());
    link.searchParams.set('token', `${link.searchParams.get('token') ?? ''}x`);
    expect(await follow(t, link.toString())).toBe('/verify-email?error=INVALID_TOKEN');
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: customer.cookie },
    });
    expect(session.json()).toMatchObject({ user: { emailVerified: false } });
  });

  describe('Resend', () => {
    const resend = (caller: Caller | null, address: string, email = caller?.email ?? '') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/send-verification-email',
        remoteAddress: address,
        headers: { ...browserHeaders, ...(caller ? { cookie: caller.cookie } : {}) },
        payload: { email },
      });

    it('mails a new link three times an hour, then answers 429 with the wait', async () => {
      const customer = await signUp(t.app);
      const address = newClientAddress();
      for (let i = 0; i < 3; i++) {
        const res = await resend(customer, address);
        expect(res.statusCode, res.body).toBe(200);
      }
      const limited = await resend(customer, address);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(55 * 60);
      // The sign-up's mail and three more; none for the refused request.
      expect(await mailKinds(t)).toEqual(Array.from({ length: 4 }, () => 'verify-email'));
    });

    it('is refused without a session, and for an address already verified', async () => {
      const customer = await signUp(t.app);
      const stranger = await resend(null, newClientAddress(), customer.email);
      expect(stranger.statusCode).toBe(401);
      expect(await follow(t, await verificationLink())).toBe('/verify-email');
      const verified = await resend(customer, newClientAddress());
      expect(verified.statusCode).toBe(400);
      expect(await mailKinds(t)).toEqual(['verify-email']);
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
    googleUser.email_verified = true;
    const { location, cookie } = await signInWithGoogle();
    expect(location).toBe('/');
    if (!cookie) throw new Error('no session cookie');
    expect(await isAdmin(t, { email: BOSS, cookie })).toBe(true);
  });

  it('does not hand an unverified password account with the address to Google, nor make it admin', async () => {
    const squatter = await signUp(t.app, { email: BOSS });
    const { location, cookie } = await signInWithGoogle();
    expect(location).toContain('error=account_not_linked');
    expect(cookie).toBeNull();
    expect(await isAdmin(t, squatter)).toBe(false);
  });

  it('does not, when Google says the address is not verified', async () => {
    googleUser.email_verified = false;
    try {
      const { cookie } = await signInWithGoogle();
      if (!cookie) throw new Error('no session cookie');
      expect(await isAdmin(t, { email: BOSS, cookie })).toBe(false);
    } finally {
      googleUser.email_verified = true;
    }
  });
});
