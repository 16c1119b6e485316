import type { ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';

import { type Caller, newAdmin, signUp } from '../../../test/accounts-helpers';
import { makePart } from '../../../test/factories';
import { payWithTestCard } from '../../../test/orders-helpers';
import { useMailingTestApp } from '../../../test/test-app';
import { outbox } from '../../db/schema';

// What an order's customer and the shop's admins receive, through a real SMTP server.
const { t, smtp } = useMailingTestApp();

type Headers = Record<string, string>;
const inject = (
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const recipientOf = (mail: ParsedMail) => (mail.to && 'text' in mail.to ? mail.to.text : '');

/** Sends whatever is due and answers every mail the server has received so far. */
async function delivered(): Promise<ParsedMail[]> {
  await t.app.mailSender.deliverDue();
  return smtp.received;
}

/** The accounts are made: their sign-up mails (the address checks) are not what is tested here. */
const forgetSignUpMail = () => t.app.database.db.delete(outbox);

async function placeOrder(customer: Caller, partId: string, orderQuantity: number) {
  const res = await inject('POST', '/api/orders', customer.bearer, {
    orderId: partId,
    orderQuantity,
    phone: '+44 20 7946 0000',
    address: '1 Pit Lane',
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ insertedId: string }>().insertedId;
}

describe("an order's mail", () => {
  it('placed, paid and shipped: exactly three mails to its customer, each naming the order', async () => {
    // The name and the price are what its mails show; the stock takes the order of 2.
    const part = await makePart(t.app.database.db, {
      name: 'Carbon brake kit',
      priceCents: 61_725,
    });
    const admin = await newAdmin(t.app);
    const customer = await signUp(t.app, {
      name: 'Jane Racer',
      email: 'jane.racer+parts@mail.example.co.uk',
    });
    await forgetSignUpMail();

    const orderId = await placeOrder(customer, part.id, 2);
    const { expiresAt } = (
      await t.app.inject({ method: 'GET', url: `/api/order/${orderId}`, headers: customer.bearer })
    ).json<{ expiresAt: string }>();
    const transactionId = await payWithTestCard(t.app, customer, orderId);
    const shipped = await inject('PUT', `/api/allorders/${orderId}`, admin.bearer);
    expect(shipped.statusCode).toBe(200);

    const mails = await delivered();
    expect(mails.map(recipientOf)).toEqual(Array(3).fill('jane.racer+parts@mail.example.co.uk'));
    const [placed, paid, sent] = [...mails].sort(
      (a, b) => (a.date?.getTime() ?? 0) - (b.date?.getTime() ?? 0),
    );
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'Payment received for your Carbon brake kit order',
      'Your Carbon brake kit order has shipped',
      'Your order for Carbon brake kit is placed: pay to confirm it',
    ]);
    for (const mail of [placed, paid, sent]) {
      expect(mail?.text).toContain('Hello Jane Racer');
      expect(mail?.text).toContain('Carbon brake kit');
      expect(mail?.text).toContain('Total: $1,234.50');
      expect(mail?.html).toContain('Apex Parts');
    }
    const byKind = (subject: string) => mails.find((mail) => mail.subject?.includes(subject));
    expect(byKind('is placed')?.html).toContain(
      `href="http://localhost:3000/dashboard/payment/${orderId}"`,
    );
    // How long the parts are held for the customer, to the second.
    expect(byKind('is placed')?.html).toContain(
      `(until ${new Date(expiresAt).toUTCString().replace('GMT', 'UTC')})`,
    );
    expect(byKind('Payment received')?.text).toContain(`Transaction id: ${transactionId}`);
    // The test card moved no money, and its receipt says so; the order placed was not paid yet.
    expect(byKind('Payment received')?.text).toContain('Test payment: no money moved.');
    expect(byKind('is placed')?.text).not.toContain('Test payment');
    expect(byKind('has shipped')?.text).toContain('Shipped');

    // Nothing more is waiting: each went once.
    expect(await t.app.mailSender.deliverDue()).toBe(0);
    expect(smtp.received).toHaveLength(3);
  });

  it('tells the customer when an admin deletes their unpaid order', async () => {
    const part = await makePart(t.app.database.db, {
      name: 'Titanium exhaust',
      stock: 5,
      minOrder: 1,
    });
    const admin = await newAdmin(t.app);
    const customer = await signUp(t.app, { name: 'Jane Racer', email: 'jane@example.com' });
    await forgetSignUpMail();
    const orderId = await placeOrder(customer, part.id, 1);
    expect((await inject('DELETE', `/api/allorders/${orderId}`, admin.bearer)).statusCode).toBe(
      200,
    );

    const subjects = (await delivered()).map((mail) => mail.subject);
    expect(subjects).toContain('Your unpaid Titanium exhaust order was cancelled by the shop');
    expect(subjects).toHaveLength(2);
  });

  it("names every line of a cart's order in its receipt", async () => {
    const db = t.app.database.db;
    const kit = await makePart(db, { name: 'Brake kit', priceCents: 12_000, minOrder: 1 });
    const pads = await makePart(db, { name: 'Brake pads', priceCents: 2_550, minOrder: 1 });
    const customer = await signUp(t.app);
    await forgetSignUpMail();
    for (const [part, quantity] of [
      [kit, 1],
      [pads, 4],
    ] as const) {
      const put = await inject('PUT', `/api/cart/lines/${part.id}`, customer.bearer, {
        quantity,
        unitPrice: part.priceCents / 100,
      });
      expect(put.statusCode).toBe(200);
    }
    const placed = await inject('POST', '/api/cart/checkout', customer.bearer, {
      phone: '+44 20 7946 0000',
      address: '1 Pit Lane',
    });
    expect(placed.statusCode).toBe(201);
    await payWithTestCard(t.app, customer, placed.json<{ insertedId: string }>().insertedId);

    const receipt = (await delivered()).find((mail) =>
      mail.subject?.startsWith('Payment received'),
    );
    expect(receipt?.text).toContain('Brake kit × 1: $120.00');
    expect(receipt?.text).toContain('Brake pads × 4: $102.00');
    expect(receipt?.text).toContain('Total: $222.00');
  });

  it('queues nothing for an order the shop refused', async () => {
    const part = await makePart(t.app.database.db, { stock: 1, minOrder: 1 });
    const customer = await signUp(t.app);
    await forgetSignUpMail();
    const res = await inject('POST', '/api/orders', customer.bearer, {
      orderId: part.id,
      orderQuantity: 2,
      phone: '+44 20 7946 0000',
      address: '1 Pit Lane',
    });
    expect(res.statusCode).toBe(409);
    expect(await t.app.database.db.select().from(outbox)).toEqual([]);
  });

  it('tells every admin, once, when a payment takes a part below its minimum order', async () => {
    const part = await makePart(t.app.database.db, {
      name: 'Forged wheel set',
      stock: 7,
      minOrder: 2,
    });
    await newAdmin(t.app, 'boss@example.com');
    await newAdmin(t.app, 'parts.desk@example.com');
    const customer = await signUp(t.app, { email: 'jane@example.com' });
    await forgetSignUpMail();

    // 7 → 5 → 3, held: still enough for a minimum order; no notice.
    await placeOrder(customer, part.id, 2);
    await placeOrder(customer, part.id, 2);
    expect((await delivered()).map(recipientOf).sort()).toEqual([
      'jane@example.com',
      'jane@example.com',
    ]);
    smtp.received.length = 0;

    // Not held (it would leave less than a minimum order); paid, it takes 3 → 1, below the
    // minimum order of 2: nobody can order the part any more.
    await payWithTestCard(t.app, customer, await placeOrder(customer, part.id, 2));
    const mails = await delivered();
    const notices = mails.filter((mail) => mail.subject === 'Low stock: Forged wheel set (1 left)');
    expect(notices.map(recipientOf).sort()).toEqual(['boss@example.com', 'parts.desk@example.com']);
    expect(notices[0]?.text).toContain('the minimum order is 2');
    expect(notices[0]?.html).toContain(`/dashboard/editproduct/${part.id}`);
    // The order placed and paid, and the two notices.
    expect(mails).toHaveLength(4);
  });
});

describe('the low-stock notice', () => {
  it('comes when the stock drops from exactly one minimum order to less, not when it reaches one', async () => {
    const part = await makePart(t.app.database.db, { name: 'Race seat', stock: 4, minOrder: 2 });
    await newAdmin(t.app);
    const customer = await signUp(t.app, { email: 'jane@example.com' });
    await forgetSignUpMail();

    // 4 → 2, held: one more minimum order can still be placed.
    await placeOrder(customer, part.id, 2);
    expect((await delivered()).map(recipientOf)).toEqual(['jane@example.com']);
    smtp.received.length = 0;

    // 2 → 0 once paid: nobody can order it any more.
    await payWithTestCard(t.app, customer, await placeOrder(customer, part.id, 2));
    const subjects = (await delivered()).map((mail) => `${recipientOf(mail)}: ${mail.subject}`);
    expect(subjects.sort()).toEqual([
      'boss@example.com: Low stock: Race seat (0 left)',
      'jane@example.com: Payment received for your Race seat order',
      'jane@example.com: Your order for Race seat is placed: pay to confirm it',
    ]);
  });
});
