import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import {
  attemptSignIn,
  browserHeaders,
  newClientAddress,
  signIn,
  signUp,
} from '../../../../test/accounts-helpers';
import { linkIn, refuseToQueue } from '../../../../test/mail-server';
import { useMailingTestApp } from '../../../../test/test-app';
import { outbox, verifications } from '../../../db/schema';

const SHOP = 'http://localhost:3000';
const OLD_PASSWORD = 'first-password-1';
const NEW_PASSWORD = 'second-password-2';

describe('password reset', () => {
  const { t, smtp } = useMailingTestApp();

  const requestReset = (email: string, remoteAddress = newClientAddress()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      remoteAddress,
      headers: browserHeaders,
      payload: { email },
    });

  const resetPassword = (token: string, newPassword: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: browserHeaders,
      payload: { token, newPassword },
    });

  const resetMails = async () =>
    (await t.app.database.db.select().from(outbox)).filter(
      (mail) => mail.kind === 'password-reset',
    );

  const resetTokens = async () =>
    (await t.app.database.db.select().from(verifications)).filter((row) =>
      row.identifier.startsWith('reset-password:'),
    );

  /** The reset link in the newest mail, once delivered. */
  async function resetLink(count = 1): Promise<string> {
    await t.app.mailSender.deliverDue();
    const mails = await smtp.waitFor(count);
    const mail = mails.findLast(
      (received) => received.subject === 'Reset your Apex Parts password',
    );
    if (!mail) throw new Error('no reset mail');
    return linkIn(mail, `${SHOP}/api/auth/reset-password/`);
  }

  /** Opens the mail's link: the reset page with the token, or with the reason it failed. */
  async function open(link: string): Promise<URL> {
    const res = await t.app.inject({ method: 'GET', url: link.slice(SHOP.length) });
    expect(res.statusCode, res.body).toBe(302);
    return new URL(String(res.headers.location));
  }

  /** A customer whose sign-up mail is out of the way, so each test counts only reset mails. */
  async function customer(email = 'jane@example.com') {
    const caller = await signUp(t.app, { email, password: OLD_PASSWORD });
    await t.app.database.db.delete(outbox);
    return caller;
  }

  it('answers alike for a known and an unknown address, and mails only the known one', async () => {
    await customer();
    const known = await requestReset('jane@example.com');
    const unknown = await requestReset('nobody-here@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect((await resetMails()).map((mail) => mail.recipient)).toEqual(['jane@example.com']);
  });

  it('sets a new password through the link once, and signs out every session and token', async () => {
    const first = await customer();
    const second = await signIn(t.app, first.email, OLD_PASSWORD);
    await requestReset(first.email);
    const link = await resetLink();

    const page = await open(link);
    expect(`${page.origin}${page.pathname}`).toBe(`${SHOP}/reset-password`);
    const token = page.searchParams.get('token') ?? '';
    expect(token).not.toBe('');

    const changed = await resetPassword(token, NEW_PASSWORD);
    expect(changed.statusCode, changed.body).toBe(200);

    expect(
      (await attemptSignIn(t.app, { email: first.email, password: OLD_PASSWORD })).statusCode,
    ).toBe(401);
    await signIn(t.app, first.email, NEW_PASSWORD);
    for (const session of [first, second]) {
      const byCookie = await t.app.inject({
        method: 'GET',
        url: `/api/admin/${first.email}`,
        headers: { cookie: session.cookie },
      });
      expect(byCookie.statusCode).toBe(401);
      const byToken = await t.app.inject({
        method: 'GET',
        url: `/api/admin/${first.email}`,
        headers: session.bearer,
      });
      expect(byToken.statusCode).toBe(401);
    }

    // Not twice: neither the link nor the token works again.
    expect((await open(link)).searchParams.get('error')).toBe('INVALID_TOKEN');
    const again = await resetPassword(token, 'third-password-3');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    await signIn(t.app, first.email, NEW_PASSWORD);
  });

  it('refuses a link older than one hour', async () => {
    await customer();
    await requestReset('jane@example.com');
    const link = await resetLink();
    const token = (await open(link)).searchParams.get('token') ?? '';
    await t.app.database.db.execute(
      sql`update verifications set expires_at = now() - interval '1 second'`,
    );
    expect((await open(link)).searchParams.get('error')).toBe('INVALID_TOKEN');
    expect((await resetPassword(token, NEW_PASSWORD)).statusCode).toBe(400);
    await signIn(t.app, 'jane@example.com', OLD_PASSWORD);
  });

  it('holds the new password to the sign-up rules, and the link keeps working', async () => {
    await customer();
    await requestReset('jane@example.com');
    const token = (await open(await resetLink())).searchParams.get('token') ?? '';

    const short = await resetPassword(token, 'abc1234');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      fields: [{ field: 'body.newPassword', message: 'Must be 8 characters or longer' }],
    });
    const spaces = await resetPassword(token, '          ');
    expect(spaces.json()).toMatchObject({
      fields: [{ field: 'body.newPassword', message: 'Must be more than spaces' }],
    });
    const common = await resetPassword(token, 'password1');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({
      code: 'PASSWORD_TOO_COMMON',
      fields: [
        { field: 'body.newPassword', message: 'This password is too common: choose another' },
      ],
    });
    await signIn(t.app, 'jane@example.com', OLD_PASSWORD);

    expect((await resetPassword(token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('limits requests per client address, and mails per account', async () => {
    await customer();
    const address = newClientAddress();
    for (let i = 0; i < 5; i++) {
      expect((await requestReset(`someone${i}@example.com`, address)).statusCode).toBe(200);
    }
    const limited = await requestReset('jane@example.com', address);
    expect(limited.statusCode).toBe(429);
    // The first of the five was asked a moment ago: the client may ask again in about an hour.
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(55 * 60);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
    expect(await resetMails()).toEqual([]);

    // From many addresses, one inbox still gets three mails an hour, and the answer is the same.
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await requestReset('jane@example.com'));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    expect(await resetMails()).toHaveLength(3);
    // A request that mails nothing leaves no working link behind either.
    expect(await resetTokens()).toHaveLength(3);
  });

  it('never keeps a reset token without its mail, nor a mail without its token', async () => {
    await customer();
    const undo = await refuseToQueue(t.app.database.db, 'password-reset');
    try {
      expect((await requestReset('jane@example.com')).statusCode).toBe(500);
    } finally {
      await undo();
    }
    expect(await resetTokens()).toEqual([]);
    expect(await resetMails()).toEqual([]);

    expect((await requestReset('jane@example.com')).statusCode).toBe(200);
    expect(await resetTokens()).toHaveLength(1);
    expect(new URL(await resetLink()).pathname).toContain(
      (await resetTokens())[0]?.identifier.replace('reset-password:', ''),
    );
  });
});
