import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';

import { makeAdminDirectly, newClientAddress, signUp } from '../../../test/accounts-helpers';
import { useMailingTestApp } from '../../../test/test-app';
import { contactQuestions, outbox, shopSettings } from '../../db/schema';

// The home page's contact form: a visitor's question reaches every admin by mail, in a digest.
const { t, smtp } = useMailingTestApp();

const ask = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: { 'x-forwarded-for': newClientAddress() },
    payload: payload as object,
  });
const recipientOf = (mail: ParsedMail) => (mail.to && 'text' in mail.to ? mail.to.text : '');
/** Questions kept for the next digest. */
const queuedQuestions = () => t.app.database.db.select().from(contactQuestions);
const digests = () =>
  t.app.database.db.select().from(outbox).where(eq(outbox.kind, 'contact-digest'));
/** The last digest was sent long enough ago: the next one may go. */
const aWhileLater = () =>
  t.app.database.db
    .update(shopSettings)
    .set({ value: new Date(Date.now() - 16 * 60_000).toISOString() })
    .where(eq(shopSettings.key, 'contact-digest-at'));

async function twoAdmins() {
  for (const email of ['boss@example.com', 'deputy@example.com']) {
    await signUp(t.app, { name: 'Admin', email });
    await makeAdminDirectly(t.app, email);
  }
  // A customer is not asked.
  await signUp(t.app, { name: 'Customer', email: 'someone@example.com' });
}

describe('POST /api/contact', () => {
  it("mails a visitor's question to every admin in the next digest, who can answer the address it gives", async () => {
    await twoAdmins();
    const res = await ask({
      email: ' Anna-Lena+parts@Mail.Example.de ',
      question: '  Do the brake kits fit a 2019 Cayman?\nThanks!  ',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      message:
        'Thank you: your question is on its way, and we will answer anna-lena+parts@mail.example.de.',
    });
    // Nothing is mailed per question: the digest takes it.
    expect(await digests()).toEqual([]);
    expect(await t.app.contact.sendDigest()).toBe(1);

    await t.app.mailSender.deliverDue();
    const mails = smtp.received.filter((mail) => mail.subject?.includes('contact form'));
    expect(mails.map(recipientOf).sort()).toEqual(['boss@example.com', 'deputy@example.com']);
    for (const mail of mails) {
      expect(mail.subject).toBe("A question from the shop's contact form");
      expect(mail.text).toContain('anna-lena+parts@mail.example.de asked on');
      expect(mail.text).toContain('Do the brake kits fit a 2019 Cayman?');
      expect(mail.text).toContain('Thanks!');
      expect(mail.html).toContain('mailto:anna-lena+parts@mail.example.de');
    }
  });

  it('sends sixty questions in a minute as one digest to each admin, and the next a while later', async () => {
    await twoAdmins();
    for (let i = 0; i < 60; i++) {
      expect((await ask({ email: 'flood@example.com', question: `Spam ${i}` })).statusCode).toBe(
        202,
      );
    }
    // Every instance runs the digest: of two at once, one sends.
    const sent = await Promise.all([t.app.contact.sendDigest(), t.app.contact.sendDigest()]);
    expect(sent.sort()).toEqual([0, 60]);
    expect(await digests()).toHaveLength(2);
    expect((await digests())[0]?.data).toMatchObject({
      questions: expect.arrayContaining([
        expect.objectContaining({ question: 'Spam 59' }),
      ]) as unknown,
    });

    // More questions soon after wait for the next digest, a quarter of an hour on.
    await ask({ email: 'flood@example.com', question: 'Spam 60' });
    expect(await t.app.contact.sendDigest()).toBe(0);
    await aWhileLater();
    expect(await t.app.contact.sendDigest()).toBe(1);
    expect(await digests()).toHaveLength(4);
    // Nothing waiting, nothing sent, however long it has been.
    await aWhileLater();
    expect(await t.app.contact.sendDigest()).toBe(0);
  });

  it.each([
    [
      'an invalid address',
      { email: 'not an address', question: 'Hello?' },
      'provide a valid email',
    ],
    [
      'a blank question',
      { email: 'anna@example.de', question: '   ' },
      'Please write your question',
    ],
    [
      'a question over 2,000 characters',
      { email: 'anna@example.de', question: 'x'.repeat(2_001) },
      'Please keep it to 2,000 characters or fewer',
    ],
    ['no question', { email: 'anna@example.de' }, 'Please write your question'],
  ])('refuses %s with "%s" and mails nothing', async (_case, payload, message) => {
    await twoAdmins();
    const res = await ask(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
    expect(await queuedQuestions()).toEqual([]);
  });

  it('says plainly that nobody can answer yet in a shop without an admin, and keeps nothing', async () => {
    const res = await ask({ email: 'anna@example.de', question: 'Anyone there?' });
    expect(res.statusCode).toBe(503);
    expect(res.json<{ message: string }>().message).toBe(
      'The shop cannot take questions yet: please try again later',
    );
    expect(await queuedQuestions()).toEqual([]);
  });
});
