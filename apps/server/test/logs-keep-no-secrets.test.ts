import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  attemptConfirmation,
  attemptSignUp,
  browserHeaders,
  confirmationToken,
  newClientAddress,
  signIn,
} from './accounts-helpers';
import { makePart } from './factories';
import { linkIn, startMailServer, type TestMailServer } from './mail-server';
import { chargeTestCard, recordPayment } from './orders-helpers';
import { createTestApp, type TestApp } from './test-app';

// The log is read by more people than the database: no token, password or customer address of
// a whole journey may reach it, whatever the shop logs along the way (decision 021).

describe("the log of a customer's whole journey", () => {
  const lines: string[] = [];
  let smtp: TestMailServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startMailServer();
    t = await createTestApp(
      {
        logLevel: 'info',
        mail: {
          smtpUrl: smtp.url,
          from: 'Apex Parts <shop@example.com>',
          deliverEveryMs: null,
          contactDigestMinutes: 15,
        },
      },
      { logStream: { write: (line) => lines.push(line) } },
    );
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('holds no token, password or address of theirs: sign-up, confirmation, reset, order, payment, a refused mail', async () => {
    const email = 'vera.fied+parts@mail.example.co.uk';
    const password = 'first-secret-password-1';
    const newPassword = 'second-secret-password-2';
    const phone = '+44 20 7946 0123';
    const address = '221B Baker Street, London NW1 6XE';
    const secrets: string[] = [email, password, newPassword, phone, address];

    // Sign-up, and the link that confirms it.
    expect((await attemptSignUp(t.app, { name: 'Vera', email, password })).statusCode).toBe(202);
    const token = await confirmationToken(t.app, email);
    secrets.push(token);
    const confirmed = await attemptConfirmation(t.app, { token, password });
    expect(confirmed.statusCode).toBe(200);
    secrets.push(String(confirmed.headers['set-auth-token']));

    // A reset through the mailed link, whose token travels in the path.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      remoteAddress: newClientAddress(),
      headers: browserHeaders,
      payload: { email },
    });
    expect(reset.statusCode).toBe(200);
    await t.app.mailSender.deliverDue();
    const mails = await smtp.waitFor(2);
    const resetMail = mails.find((mail) => mail.subject === 'Reset your Apex Parts password');
    if (!resetMail) throw new Error('no reset mail');
    const resetLink = new URL(linkIn(resetMail, 'http://localhost:3000/api/auth/reset-password/'));
    const resetToken = decodeURIComponent(resetLink.pathname.split('/').at(-1) ?? '');
    secrets.push(resetToken);
    const opened = await t.app.inject({
      method: 'GET',
      url: `${resetLink.pathname}${resetLink.search}`,
    });
    expect(opened.statusCode).toBe(302);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: browserHeaders,
      payload: { token: resetToken, newPassword },
    });
    expect(changed.statusCode).toBe(200);

    // An order and its payment.
    const customer = await signIn(t.app, email, newPassword);
    secrets.push(customer.token);
    const part = await makePart(t.app.database.db, { stock: 10, minOrder: 1 });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.bearer,
      payload: { orderId: part.id, orderQuantity: 1, phone, address },
    });
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json<{ insertedId: string }>().insertedId;
    const { clientSecret, confirmed: charged } = await chargeTestCard(t.app, customer, orderId);
    secrets.push(clientSecret);
    const paymentId = charged.json<{ paymentIntent: { id: string } }>().paymentIntent.id;
    expect((await recordPayment(t.app, customer, orderId, paymentId)).statusCode).toBe(200);

    // A mail the mail server refuses for good, naming the address in its reason.
    const refused = 'nobody@mail.example.co.uk';
    secrets.push(refused);
    expect(
      (await attemptSignUp(t.app, { name: 'Nobody', email: refused, password })).statusCode,
    ).toBe(202);
    await t.app.mailSender.deliverDue();
    await t.app.mailSender.deliverDue();

    expect(lines.length).toBeGreaterThan(10);
    const log = lines.join('\n');
    expect(log).toContain('mail not delivered');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(5);
      expect(log, `the log holds ${secret}`).not.toContain(secret);
      expect(log, `the log holds ${secret}`).not.toContain(encodeURIComponent(secret));
    }
  });
});
