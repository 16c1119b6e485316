import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { type Caller, signUp, signUpAdmin } from '../../../test/accounts-helpers';
import { startMailServer, type TestMailServer } from '../../../test/mail-server';
import {
  createTestApp,
  createTestDatabase,
  type TestApp,
  testConfig,
} from '../../../test/test-app';
import { auditLog, outbox } from '../../db/schema';
import { type MailMessage, queueMail } from '../../lib/outbox';

const order = {
  id: '5a0e6f55-6a86-4a8b-9d3e-3c7e0b1f2a10',
  partName: 'Carbon brake kit',
  quantity: 2,
  totalCents: 123_450,
  transactionId: 'pi_test_123',
  testPayment: true,
};
const paid: MailMessage = { kind: 'order-paid', name: 'Jane Racer', order };

/** Lets time pass for the outbox: every waiting mail is due now. */
const makeAllDue = (t: TestApp) =>
  t.app.database.db.execute(sql`update outbox set next_attempt_at = now() - interval '1 second'`);

const statesOf = async (t: TestApp) =>
  (await t.app.database.db.select({ state: outbox.state }).from(outbox)).map((row) => row.state);

describe('with a mail server (SMTP_URL)', () => {
  let smtp: TestMailServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startMailServer();
    t = await createTestApp({
      mail: {
        smtpUrl: smtp.url,
        from: 'Apex Parts <orders@shop.example.com>',
        deliverEveryMs: null,
        contactDigestMinutes: 15,
      },
      metricsToken: 'metrics-token-for-the-scraper',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => t.reset());
  afterEach(() => {
    smtp.setDown(false);
    smtp.received.length = 0;
  });

  it('delivers a queued mail with HTML and plain text, from MAIL_FROM, and marks it sent', async () => {
    await queueMail(t.app.database.db, [{ to: 'jane@example.com', message: paid }]);
    expect(await t.app.mailSender.deliverDue()).toBe(1);
    const [mail] = await smtp.waitFor(1);
    expect(mail?.from?.value).toEqual([{ name: 'Apex Parts', address: 'orders@shop.example.com' }]);
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe('jane@example.com');
    expect(mail?.subject).toBe('Payment received for your Carbon brake kit order');
    expect(mail?.text).toContain('Transaction id: pi_test_123');
    expect(mail?.text).toContain('Total: $1,234.50');
    expect(mail?.html).toContain('Carbon brake kit');
    expect(mail?.html).toContain('href="http://localhost:3000/dashboard"');
    expect(await statesOf(t)).toEqual(['sent']);
    // Nothing is due any more: a second pass sends nothing again.
    expect(await t.app.mailSender.deliverDue()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('forgets a sign-in or reset link once it is delivered', async () => {
    await queueMail(t.app.database.db, [
      {
        to: 'jane@example.com',
        message: { kind: 'password-reset', link: 'http://localhost:3000/r?token=abc' },
      },
    ]);
    await t.app.mailSender.deliverDue();
    const [mail] = await smtp.waitFor(1);
    expect(mail?.text).toContain('http://localhost:3000/r?token=abc');
    const [row] = await t.app.database.db.select().from(outbox);
    expect(JSON.stringify(row?.data)).not.toContain('token=abc');
  });

  it('keeps mail while the server is down, and sends each once when it is back', async () => {
    await queueMail(
      t.app.database.db,
      ['a', 'b', 'c'].map((name) => ({
        to: `${name}@example.com`,
        message: { ...paid, name },
      })),
    );
    smtp.setDown(true);
    expect(await t.app.mailSender.deliverDue()).toBe(3);
    expect(smtp.received).toHaveLength(0);
    const waiting = await t.app.database.db.select().from(outbox);
    expect(waiting.map((row) => [row.state, row.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
      ['pending', 1],
    ]);
    expect(waiting.every((row) => row.lastError?.includes('Try again later'))).toBe(true);
    // The shop keeps working and says so; the operator sees the mail waiting.
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    const metrics = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: 'Bearer metrics-token-for-the-scraper' },
    });
    expect(metrics.body).toContain('apex_mail_waiting 3');
    // Not before its backoff is over…
    smtp.setDown(false);
    expect(await t.app.mailSender.deliverDue()).toBe(0);
    // …then every mail goes, once.
    await makeAllDue(t);
    expect(await t.app.mailSender.deliverDue()).toBe(3);
    await makeAllDue(t);
    expect(await t.app.mailSender.deliverDue()).toBe(0);
    const arrived = await smtp.waitFor(3);
    expect(
      arrived.map((mail) => (mail.to && 'text' in mail.to ? mail.to.text : '')).sort(),
    ).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
    expect(await statesOf(t)).toEqual(['sent', 'sent', 'sent']);
  });

  it('gives up on a mail the server refuses for good (5xx)', async () => {
    await queueMail(t.app.database.db, [{ to: 'nobody@example.com', message: paid }]);
    await t.app.mailSender.deliverDue();
    expect(await statesOf(t)).toEqual(['failed']);
  });
});

describe('several server processes sending at once', () => {
  let smtp: TestMailServer;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    smtp = await startMailServer();
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await smtp.close();
    await database.drop();
  });

  it('send every mail exactly once', async () => {
    const { buildApp } = await import('../../app');
    const config = testConfig(database.config, {
      mail: {
        smtpUrl: smtp.url,
        from: 'Apex Parts <orders@shop.example.com>',
        deliverEveryMs: null,
        contactDigestMinutes: 15,
      },
    });
    // On PGlite one process owns the database: its one sender runs passes side by side instead.
    const first = await buildApp(config);
    const second = database.config.kind === 'postgres' ? await buildApp(config) : first;
    try {
      const mails = Array.from({ length: 30 }, (_, i) => ({
        to: `customer${i}@example.com`,
        message: { ...paid, name: `Customer ${i}` },
      }));
      await queueMail(first.database.db, mails);
      for (let pass = 0; pass < 3; pass++) {
        await Promise.all([
          first.mailSender.deliverDue(),
          second.mailSender.deliverDue(),
          first.mailSender.deliverDue(),
          second.mailSender.deliverDue(),
        ]);
      }
      await smtp.waitFor(30);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const recipients = smtp.received.map((mail) =>
        mail.to && 'text' in mail.to ? mail.to.text : '',
      );
      expect(recipients).toHaveLength(30);
      expect(new Set(recipients).size).toBe(30);
    } finally {
      if (second !== first) await second.close();
      await first.close();
    }
  });
});

describe('without a mail server', () => {
  let t: TestApp;
  let admin: Caller;
  let customer: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpAdmin(t.app, { email: 'boss@example.com' });
    customer = await signUp(t.app);
    // The sign-ups' verification mails; each test here counts only its own.
    await t.app.database.db.delete(outbox);
  });
  afterAll(() => t.close());

  it('keeps every mail for admins to read on the Outbox', async () => {
    await queueMail(t.app.database.db, [
      { to: 'jane@example.com', message: paid },
      { to: 'jane@example.com', message: { kind: 'order-shipped', name: 'Jane', order } },
    ]);
    await t.app.mailSender.deliverDue();
    expect(await statesOf(t)).toEqual(['kept', 'kept']);

    const list = await t.app.inject({ method: 'GET', url: '/api/outbox', headers: admin.bearer });
    expect(list.statusCode).toBe(200);
    const page = list.json<{
      mails: { id: string; subject: string; state: string }[];
      next: null;
    }>();
    expect(page.mails.map((mail) => [mail.subject, mail.state]).sort()).toEqual([
      ['Payment received for your Carbon brake kit order', 'kept'],
      ['Your Carbon brake kit order has shipped', 'kept'],
    ]);
    expect(page.next).toBeNull();

    const id = page.mails[0]?.id ?? '';
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/outbox/${id}`,
      headers: admin.bearer,
    });
    expect(one.json<{ text: string }>().text).toContain('Carbon brake kit');
    const html = await t.app.inject({
      method: 'GET',
      url: `/api/outbox/${id}/html`,
      headers: { cookie: admin.cookie },
    });
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.headers['content-security-policy']).toContain('sandbox');
    expect(html.body).toContain('<html');
  });

  it('never shows an admin a one-time link, and writes every read of the Outbox to Activity', async () => {
    await t.app.database.db.delete(auditLog);
    await t.app.database.db.delete(outbox);
    const reset = 'http://localhost:3000/api/auth/reset-password/secret-reset-token';
    const confirm = 'http://localhost:3000/confirm-email?token=secret-confirm-token';
    await queueMail(t.app.database.db, [
      { to: 'victim@example.com', message: { kind: 'password-reset', link: reset } },
      { to: 'victim@example.com', message: { kind: 'verify-email', link: confirm } },
    ]);
    await t.app.mailSender.deliverDue();
    const list = await t.app.inject({ method: 'GET', url: '/api/outbox', headers: admin.bearer });
    const ids = list.json<{ mails: { id: string }[] }>().mails.map((mail) => mail.id);
    expect(ids).toHaveLength(2);
    for (const id of ids) {
      const one = await t.app.inject({
        method: 'GET',
        url: `/api/outbox/${id}`,
        headers: admin.bearer,
      });
      const html = await t.app.inject({
        method: 'GET',
        url: `/api/outbox/${id}/html`,
        headers: admin.bearer,
      });
      for (const shown of [one.body, html.body]) {
        expect(shown).not.toContain('secret-reset-token');
        expect(shown).not.toContain('secret-confirm-token');
        expect(shown).toContain('The link is only in the mail itself');
      }
    }
    // Kept, not sent: the links are still there for the mail server, should one be configured.
    const rows = await t.app.database.db.select({ data: outbox.data }).from(outbox);
    expect(JSON.stringify(rows)).toContain('secret-reset-token');

    const entries = await t.app.database.db.select().from(auditLog);
    expect(entries.map((entry) => [entry.action, entry.actorEmail]).sort()).toEqual(
      [
        ['mail.list', admin.email],
        ...Array.from({ length: 4 }, () => ['mail.read', admin.email]),
      ].sort(),
    );
    expect(entries.find((entry) => entry.action === 'mail.read')?.after).toMatchObject({
      recipient: 'victim@example.com',
    });
  });

  it('pages through the outbox, newest first, without skipping mails queued in the same millisecond', async () => {
    await t.app.database.db.delete(outbox);
    for (let i = 0; i < 5; i++) {
      await queueMail(t.app.database.db, [{ to: `c${i}@example.com`, message: paid }]);
    }
    // Microseconds apart within one millisecond, as PostgreSQL stores them: a page key that
    // went through a JavaScript Date would lose the difference. c3 and c4 tie, as mails queued
    // in one transaction do.
    for (const [i, micros] of [0, 100, 200, 300, 300].entries()) {
      await t.app.database.db.execute(
        sql`update outbox set created_at = ${`2026-11-20 10:00:00.123${String(micros).padStart(3, '0')}+00`}::timestamptz where recipient = ${`c${i}@example.com`}`,
      );
    }
    const seen: string[] = [];
    let before: string | null = null;
    do {
      const query: string = before ? `&before=${before}` : '';
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/outbox?limit=2${query}`,
        headers: admin.bearer,
      });
      expect(res.statusCode).toBe(200);
      const page = res.json<{ mails: { recipient: string }[]; next: string | null }>();
      seen.push(...page.mails.map((mail) => mail.recipient));
      before = page.next;
    } while (before);
    expect(seen).toHaveLength(5);
    expect(seen.slice(0, 2).sort()).toEqual(['c3@example.com', 'c4@example.com']);
    expect(seen.slice(2)).toEqual(['c2', 'c1', 'c0'].map((c) => `${c}@example.com`));
  });

  it('answers 400 to a page key or a size it did not give', async () => {
    for (const query of [
      'before=not-a-key',
      // The id of no mail
      'before=5a0e6f55-6a86-4a8b-9d3e-3c7e0b1f2a10',
      'limit=0',
      'limit=101',
      'limit=ten',
      `before=${'A'.repeat(300)}`,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/outbox?${query}`,
        headers: admin.bearer,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/\S/);
    }
  });

  it('is for admins only', async () => {
    const [row] = await t.app.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'c0@example.com'));
    for (const url of [
      '/api/outbox',
      `/api/outbox/${row?.id ?? ''}`,
      `/api/outbox/${row?.id ?? ''}/html`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect(
        (await t.app.inject({ method: 'GET', url, headers: customer.bearer })).statusCode,
      ).toBe(403);
    }
  });
});
