import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { type Caller, newAdmin, signUp, signUpAdmin } from '../../../test/accounts-helpers';
import { makePart } from '../../../test/factories';
import { startFakeStripe } from '../../../test/fake-stripe';
import { placeOrderId } from '../../../test/orders-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { orderLines, orders, outbox, parts } from '../../db/schema';

const WEBHOOK_SECRET = 'whsec_test_apex_parts';
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    payments: {
      provider: 'stripe',
      secretKey: 'sk_test_apex',
      publishableKey: 'pk_test_apex',
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: fake.url,
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => t.reset());

async function placeOrder(customer: Caller): Promise<string> {
  const part = await makePart(t.app.database.db, { priceCents: 4_999, stock: 20, minOrder: 1 });
  return placeOrderId(t.app, customer, part.id, 3);
}

const createIntent = (customer: Caller, orderId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: customer.bearer,
    payload: { orderId, price: 0.5 },
  });

const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';

/** An order of the customer's whose Stripe payment has begun: its id, and its intent's. */
async function orderBeingPaid(customer: Caller) {
  const orderId = await placeOrder(customer);
  const { clientSecret } = (await createIntent(customer, orderId)).json<{
    clientSecret: string;
  }>();
  return { orderId, clientSecret, intentId: intentIdOf(clientSecret) };
}

const orderOf = async (customer: Caller, id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/order/${id}`, headers: customer.bearer })).json<{
    payment: string;
    status: string;
    transactionId: string | null;
    testPayment: boolean;
  }>();

/** Time passes: the order's time to pay is up. */
const letExpire = (id: string) =>
  t.app.database.db
    .update(orders)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(orders.id, id));

const stockOfOrderedPart = async (orderId: string) => {
  const [line] = await t.app.database.db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  const res = await t.app.inject({ method: 'GET', url: `/api/parts/${line?.partId ?? ''}` });
  return res.json<{ quantity: number }>().quantity;
};

function sendWebhook(payload: string, signature: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

/** How many "payment received" mails wait for the order's customer. */
const receiptsFor = async (orderId: string) =>
  (
    await t.app.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'order-paid'), sql`${outbox.data}->'order'->>'id' = ${orderId}`))
  ).length;

const signedEvent = (intent: object) => {
  const payload = JSON.stringify({
    id: 'evt_test_1',
    object: 'event',
    type: 'payment_intent.succeeded',
    data: { object: intent },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return { payload, signature };
};

/** The order is paid by that Stripe payment; money moved, so it is never marked a test payment. */
async function expectPaidThroughStripe(
  customer: Caller,
  orderId: string,
  intentId: string,
  status?: 'pending' | 'shipped',
) {
  expect(await orderOf(customer, orderId)).toMatchObject({
    ...(status ? { status } : {}),
    payment: 'paid',
    transactionId: intentId,
    testPayment: false,
  });
}

/** The payment page telling the shop that Stripe took the payment (PATCH with its id). */
const reportPaid = (customer: Caller, orderId: string, intentId: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/orders/${orderId}`,
    headers: customer.bearer,
    payload: { transactionId: intentId },
  });

describe('paying through Stripe', () => {
  it("tells the payment page to use Stripe and admits Stripe's origins in the CSP", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payment-config' });
    expect(res.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_apex' });
    // The policy governs pages (the payment page among them), not the JSON they fetch.
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain('https://js.stripe.com');
    expect(csp).toContain('https://api.stripe.com');
  });

  it("creates one intent per order, for the order's own total, whatever the client says", async () => {
    const customer = await signUp(t.app);
    const orderId = await placeOrder(customer);
    const before = fake.createdCount();
    const first = (await createIntent(customer, orderId)).json<{ clientSecret: string }>();
    const again = (await createIntent(customer, orderId)).json<{ clientSecret: string }>();
    expect(again.clientSecret).toBe(first.clientSecret);
    expect(fake.createdCount() - before).toBe(1);
    const intent = fake.succeed(intentIdOf(first.clientSecret));
    expect(intent.amount).toBe(3 * 4_999);
    expect(intent.metadata.orderId).toBe(orderId);
  });

  it('marks the order paid after Stripe confirms, exactly once', async () => {
    const customer = await signUp(t.app);
    const { orderId, intentId } = await orderBeingPaid(customer);
    const patch = () => reportPaid(customer, orderId, intentId);

    expect((await patch()).statusCode).toBe(400);
    expect((await orderOf(customer, orderId)).payment).toBe('false');

    const intent = fake.succeed(intentId);
    expect((await patch()).json()).toEqual({ modifiedCount: 1 });
    expect((await patch()).json()).toEqual({ modifiedCount: 0 });
    // Stripe's own notice arriving afterwards changes nothing more.
    const { payload, signature } = signedEvent(intent);
    expect((await sendWebhook(payload, signature)).statusCode).toBe(200);
    await expectPaidThroughStripe(customer, orderId, intentId);
    // One receipt, however many times the payment was reported.
    expect(await receiptsFor(orderId)).toBe(1);
  });

  it('counts one payment reported twice at once (the page and its retry) once, with one receipt', async () => {
    const customer = await signUp(t.app);
    const { orderId, intentId } = await orderBeingPaid(customer);
    fake.succeed(intentId);
    const report = () => reportPaid(customer, orderId, intentId);
    // Both ask Stripe before either marks the order paid: only one of them may count.
    const answers = await Promise.all([report(), report()]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(
      answers.map((answer) => answer.json<{ modifiedCount: number }>().modifiedCount).sort(),
    ).toEqual([0, 1]);
    await expectPaidThroughStripe(customer, orderId, intentId, 'pending');
    expect(await receiptsFor(orderId)).toBe(1);
  });

  it("marks the order paid from Stripe's signed webhook when the browser never returns", async () => {
    const customer = await signUp(t.app);
    const { orderId, clientSecret } = await orderBeingPaid(customer);
    const intent = fake.succeed(intentIdOf(clientSecret));
    const { payload, signature } = signedEvent(intent);
    const res = await sendWebhook(payload, signature);
    expect(res.json()).toEqual({ received: true });
    await expectPaidThroughStripe(customer, orderId, intent.id);
    expect(await receiptsFor(orderId)).toBe(1);
  });

  it('refuses a webhook call whose signature does not match, and changes nothing', async () => {
    const customer = await signUp(t.app);
    const { orderId, clientSecret } = await orderBeingPaid(customer);
    const intent = fake.succeed(intentIdOf(clientSecret));
    const { payload } = signedEvent(intent);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    expect((await sendWebhook(payload, forged)).statusCode).toBe(400);
    expect((await sendWebhook(payload, 't=1,v1=deadbeef')).statusCode).toBe(400);
    expect((await orderOf(customer, orderId)).payment).toBe('false');
  });

  it('ignores a signed notice whose amount is not the order total', async () => {
    const customer = await signUp(t.app);
    const orderId = await placeOrder(customer);
    const { payload, signature } = signedEvent({
      id: 'pi_other',
      object: 'payment_intent',
      amount: 50,
      status: 'succeeded',
      metadata: { orderId },
    });
    expect((await sendWebhook(payload, signature)).statusCode).toBe(200);
    expect((await orderOf(customer, orderId)).payment).toBe('false');
  });
  it('asks Stripe for no payment for an order whose time is up', async () => {
    const customer = await signUp(t.app);
    const orderId = await placeOrder(customer);
    await letExpire(orderId);
    const before = fake.createdCount();
    const res = await createIntent(customer, orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'This order expired before it was paid' });
    // Not even one cancelled at once: nothing of it shows in Stripe's dashboard.
    expect(fake.createdCount()).toBe(before);
  });

  it('refuses a Stripe payment made out to the order for another sum, and leaves it unpaid', async () => {
    const customer = await signUp(t.app);
    const orderId = await placeOrder(customer);
    // Made by hand at Stripe (a dashboard, another integration): for this order, but not its total.
    const stripe = new Stripe('sk_test_apex', {
      host: fake.url.hostname,
      port: fake.url.port,
      protocol: 'http',
    });
    const other = await stripe.paymentIntents.create({
      amount: 3 * 4_999 - 1,
      currency: 'usd',
      metadata: { orderId },
    });
    fake.succeed(other.id);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}`,
      headers: customer.bearer,
      payload: { transactionId: other.id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'This payment did not succeed for this order' });
    expect(await orderOf(customer, orderId)).toMatchObject({ payment: 'false', status: 'unpaid' });
  });
});

/** An admin of the shop, signed in; a new one each time. */
describe('a Stripe payment that comes after the last units sold', () => {
  it('refunds it through Stripe once, whether the page or the webhook reports it, and sells nothing', async () => {
    const part = await makePart(t.app.database.db, { priceCents: 4_999, stock: 2, minOrder: 2 });
    const [ada, bob] = [await signUp(t.app), await signUp(t.app)];
    // Neither order is held: the last minimum order goes to whoever pays first (decision 022).
    const adasOrder = await placeOrderId(t.app, ada, part.id, 2);
    const bobsOrder = await placeOrderId(t.app, bob, part.id, 2);
    const pays = async (customer: Caller, orderId: string) => {
      const { clientSecret } = (await createIntent(customer, orderId)).json<{
        clientSecret: string;
      }>();
      return fake.succeed(intentIdOf(clientSecret));
    };
    const bobsIntent = await pays(bob, bobsOrder);
    const bobPaid = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${bobsOrder}`,
      headers: bob.bearer,
      payload: { transactionId: bobsIntent.id },
    });
    expect(bobPaid.statusCode).toBe(200);

    const adasIntent = await pays(ada, adasOrder);
    const { payload, signature } = signedEvent(adasIntent);
    expect((await sendWebhook(payload, signature)).statusCode).toBe(200);
    const adaPaid = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${adasOrder}`,
      headers: ada.bearer,
      payload: { transactionId: adasIntent.id },
    });
    expect(adaPaid.statusCode).toBe(409);
    expect((await sendWebhook(payload, signature)).statusCode).toBe(200);

    expect(fake.refunds().filter((refund) => refund.payment_intent === adasIntent.id)).toEqual([
      expect.objectContaining({ amount: 9_998 }),
    ]);
    expect(await orderOf(ada, adasOrder)).toMatchObject({ status: 'cancelled', payment: 'false' });
    expect(await stockOfOrderedPart(adasOrder)).toBe(0);
  });

  it('asks Stripe again at the next sweep when the refund could not be made at once', async () => {
    const part = await makePart(t.app.database.db, { priceCents: 4_999, stock: 2, minOrder: 2 });
    const [ada, bob] = [await signUp(t.app), await signUp(t.app)];
    const adasOrder = await placeOrderId(t.app, ada, part.id, 2);
    const bobsOrder = await placeOrderId(t.app, bob, part.id, 2);
    await t.app.database.db.update(parts).set({ stock: 0 }).where(eq(parts.id, part.id));
    expect(bobsOrder).not.toBe(adasOrder);
    const { clientSecret } = (await createIntent(ada, adasOrder)).json<{ clientSecret: string }>();
    const intent = fake.succeed(intentIdOf(clientSecret));
    // Stripe's refunds out of reach while the shop records the payment: the refund waits.
    const refundsBefore = fake.refunds().length;
    fake.setRefundsDown(true);
    try {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/orders/${adasOrder}`,
        headers: ada.bearer,
        payload: { transactionId: intent.id },
      });
      expect(res.statusCode).toBe(409);
    } finally {
      fake.setRefundsDown(false);
    }
    expect(fake.refunds()).toHaveLength(refundsBefore);
    const [due] = await t.app.database.db.select().from(orders).where(eq(orders.id, adasOrder));
    expect(due?.refundDueAt).toBeInstanceOf(Date);
    await t.app.orders.expireUnpaidOrders();
    expect(fake.refunds().slice(refundsBefore)).toEqual([
      expect.objectContaining({ payment_intent: intent.id }),
    ]);
    await t.app.orders.expireUnpaidOrders();
    expect(fake.refunds()).toHaveLength(refundsBefore + 1);
  });
});

describe("Stripe's notices arriving late", () => {
  it('a late or repeated payment notice leaves a shipped order shipped', async () => {
    const customer = await signUp(t.app);
    const admin = await newAdmin(t.app);
    const { orderId, clientSecret } = await orderBeingPaid(customer);
    const intent = fake.succeed(intentIdOf(clientSecret));
    const { payload, signature } = signedEvent(intent);
    expect((await sendWebhook(payload, signature)).json()).toEqual({ received: true });
    const shipped = await t.app.inject({
      method: 'PUT',
      url: `/api/allorders/${orderId}`,
      headers: admin.bearer,
    });
    expect(shipped.json()).toEqual({ modifiedCount: 1 });

    // Stripe retries a notice it thinks went unheard, sometimes days later.
    expect((await sendWebhook(payload, signature)).json()).toEqual({ received: true });
    const late = signedEvent(intent);
    expect((await sendWebhook(late.payload, late.signature)).json()).toEqual({ received: true });

    await expectPaidThroughStripe(customer, orderId, intent.id, 'shipped');
    expect(await receiptsFor(orderId)).toBe(1);
  });

  it('a payment notice for an order an admin deleted is acknowledged and brings nothing back', async () => {
    const customer = await signUp(t.app);
    const admin = await newAdmin(t.app);
    const orderId = await placeOrder(customer);
    const [placed] = await t.app.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId));
    const { clientSecret } = (await createIntent(customer, orderId)).json<{
      clientSecret: string;
    }>();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/allorders/${orderId}`,
      headers: admin.bearer,
    });
    expect(deleted.json()).toEqual({ deletedCount: 1 });

    const { payload, signature } = signedEvent({
      id: intentIdOf(clientSecret),
      object: 'payment_intent',
      amount: 3 * 4_999,
      status: 'succeeded',
      metadata: { orderId },
    });
    // 200, so Stripe stops retrying: there is nothing here the notice could ever pay.
    const res = await sendWebhook(payload, signature);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });

    expect(await t.app.database.db.select().from(orders)).toEqual([]);
    expect(await receiptsFor(orderId)).toBe(0);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/order/${orderId}`,
      headers: customer.bearer,
    });
    expect(gone.statusCode).toBe(404);
    // The deleted order's stock stays back on the shelf.
    const [part] = await t.app.database.db
      .select()
      .from(parts)
      .where(eq(parts.id, placed?.partId ?? ''));
    expect(part?.stock).toBe(20);
  });
});

describe('unpaid orders paid through Stripe', () => {
  it('cancels the Stripe payment before the expired order, so a late card cannot be charged', async () => {
    const customer = await signUp(t.app);
    const { orderId, intentId } = await orderBeingPaid(customer);
    await letExpire(orderId);

    expect(await t.app.orders.expireUnpaidOrders()).toEqual({ expired: 1, paid: 0 });
    expect(fake.statusOf(intentId)).toBe('canceled');
    expect(() => fake.succeed(intentId)).toThrow('payment_intent_unexpected_state');
    expect(await orderOf(customer, orderId)).toMatchObject({
      status: 'cancelled',
      payment: 'false',
    });
    expect(await stockOfOrderedPart(orderId)).toBe(20);
  });

  it('marks an expired order paid, not cancelled, when Stripe took the payment first', async () => {
    const customer = await signUp(t.app);
    const { orderId, intentId } = await orderBeingPaid(customer);
    fake.succeed(intentId);
    await letExpire(orderId);

    expect(await t.app.orders.expireUnpaidOrders()).toEqual({ expired: 0, paid: 1 });
    await expectPaidThroughStripe(customer, orderId, intentId, 'pending');
    expect(await stockOfOrderedPart(orderId)).toBe(17);
  });

  it('counts an order Stripe took the payment for paid once when two sweeps meet on it', async () => {
    const customer = await signUp(t.app);
    const { orderId, intentId } = await orderBeingPaid(customer);
    fake.succeed(intentId);
    await letExpire(orderId);
    const warn = vi.fn();
    const log = { warn } as unknown as Parameters<typeof t.app.orders.expireUnpaidOrders>[0];
    // Another server's sweep runs while this one asks Stripe to cancel the payment.
    let other: { expired: number; paid: number } | undefined;
    fake.whileCancelling(async () => {
      other = await t.app.orders.expireUnpaidOrders(log);
    });
    const mine = await t.app.orders.expireUnpaidOrders(log);

    expect(other).toEqual({ expired: 0, paid: 1 });
    expect(mine).toEqual({ expired: 0, paid: 0 });
    expect(warn).not.toHaveBeenCalled();
    await expectPaidThroughStripe(customer, orderId, intentId, 'pending');
    expect(await receiptsFor(orderId)).toBe(1);
  });

  it('keeps an expired order and its stock while Stripe cannot be reached, and says so in the log', async () => {
    const cut = await createTestApp({
      payments: {
        provider: 'stripe',
        secretKey: 'sk_test_apex',
        publishableKey: 'pk_test_apex',
        webhookSecret: WEBHOOK_SECRET,
        // Nothing listens there: every call to Stripe fails to connect.
        apiUrl: new URL('http://127.0.0.1:9'),
      },
    });
    try {
      const part = await makePart(cut.app.database.db, { stock: 5, minOrder: 1 });
      const customer = await signUp(cut.app);
      const orderId = await placeOrderId(cut.app, customer, part.id, 2);
      // Its payment page was opened while Stripe could still be reached.
      await cut.app.database.db
        .update(orders)
        .set({
          paymentIntentId: 'pi_fake_unreachable',
          expiresAt: sql`now() - interval '1 second'`,
        })
        .where(eq(orders.id, orderId));
      const warn = vi.fn<(context: { orderId?: string; err?: unknown }, message: string) => void>();
      const log = { warn } as unknown as Parameters<typeof t.app.orders.expireUnpaidOrders>[0];

      expect(await cut.app.orders.expireUnpaidOrders(log)).toEqual({ expired: 0, paid: 0 });
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.lastCall?.[1]).toBe('Could not expire an unpaid order');
      expect(warn.mock.lastCall?.[0].orderId).toBe(orderId);
      expect(warn.mock.lastCall?.[0].err).toBeInstanceOf(Error);
      // A sweep given no log (a test's, a script's) goes on all the same.
      expect(await cut.app.orders.expireUnpaidOrders()).toEqual({ expired: 0, paid: 0 });
      const [order] = await cut.app.database.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order?.status).toBe('unpaid');
      const [left] = await cut.app.database.db.select().from(parts).where(eq(parts.id, part.id));
      expect(left?.stock).toBe(3);
    } finally {
      await cut.close();
    }
  });

  it('keeps an expired order and its stock while its payment is still processing', async () => {
    const customer = await signUp(t.app);
    const { orderId, clientSecret } = await orderBeingPaid(customer);
    fake.process(intentIdOf(clientSecret));
    await letExpire(orderId);

    expect(await t.app.orders.expireUnpaidOrders()).toEqual({ expired: 0, paid: 0 });
    expect(await orderOf(customer, orderId)).toMatchObject({ status: 'unpaid' });
    expect(await stockOfOrderedPart(orderId)).toBe(17);
  });

  it('cancels the Stripe payment when an admin deletes the order, so an open payment page cannot charge the card', async () => {
    const customer = await signUp(t.app);
    const admin = await newAdmin(t.app);
    const { orderId, intentId } = await orderBeingPaid(customer);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/allorders/${orderId}`,
      headers: admin.bearer,
    });
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(fake.statusOf(intentId)).toBe('canceled');
    expect(() => fake.succeed(intentId)).toThrow('payment_intent_unexpected_state');
  });

  it('keeps an order Stripe has just paid, marked paid, when an admin tries to delete it', async () => {
    const customer = await signUp(t.app);
    const admin = await newAdmin(t.app);
    const { orderId, intentId } = await orderBeingPaid(customer);
    fake.succeed(intentId);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/allorders/${orderId}`,
      headers: admin.bearer,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'Only unpaid orders can be deleted' });
    await expectPaidThroughStripe(customer, orderId, intentId);
    expect(await stockOfOrderedPart(orderId)).toBe(17);
  });

  it('cancels the Stripe payment when the customer cancels the order', async () => {
    const customer = await signUp(t.app);
    const { orderId, clientSecret } = await orderBeingPaid(customer);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/cancel`,
      headers: customer.bearer,
    });
    expect(res.statusCode).toBe(200);
    expect(fake.statusOf(intentIdOf(clientSecret))).toBe('canceled');
    expect(await stockOfOrderedPart(orderId)).toBe(20);
  });

  it('asks to wait, and keeps the order and its stock, while its payment is still processing', async () => {
    const customer = await signUp(t.app);
    const admin = await newAdmin(t.app);
    const { orderId, clientSecret } = await orderBeingPaid(customer);
    fake.process(intentIdOf(clientSecret));
    const waitPlease = {
      message: 'The payment for this order is still being processed: try again in a few minutes',
    };

    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/cancel`,
      headers: customer.bearer,
    });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toMatchObject(waitPlease);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/allorders/${orderId}`,
      headers: admin.bearer,
    });
    expect(remove.statusCode).toBe(409);
    expect(remove.json()).toMatchObject(waitPlease);

    expect(await orderOf(customer, orderId)).toMatchObject({ status: 'unpaid', payment: 'false' });
    expect(fake.statusOf(intentIdOf(clientSecret))).toBe('processing');
    expect(await stockOfOrderedPart(orderId)).toBe(17);
  });
});

describe('an order that changes while its Stripe payment is being cancelled', () => {
  const cancel = (customer: Caller, orderId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/cancel`,
      headers: customer.bearer,
    });
  const deleteOrder = (admin: Caller, orderId: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/allorders/${orderId}`, headers: admin.bearer });

  it('tells a second click on Cancel that the order is cancelled already, and returns its stock once', async () => {
    const customer = await signUp(t.app);
    const { orderId } = await orderBeingPaid(customer);
    let secondClick: { statusCode: number } | undefined;
    fake.whileCancelling(async () => {
      secondClick = await cancel(customer, orderId);
    });
    const firstClick = await cancel(customer, orderId);
    // The click that came in while Stripe was cancelling the payment cancelled the order.
    expect(secondClick?.statusCode).toBe(200);
    expect(firstClick.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'This order is cancelled already',
    });
    expect(await stockOfOrderedPart(orderId)).toBe(20);
  });

  it('tells an admin that an order its customer cancelled meanwhile can no longer be deleted', async () => {
    const customer = await signUp(t.app);
    const admin = await signUpAdmin(t.app);
    const { orderId } = await orderBeingPaid(customer);
    fake.whileCancelling(() => cancel(customer, orderId));
    const res = await deleteOrder(admin, orderId);
    expect(res.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Only unpaid orders can be deleted',
    });
    expect(await orderOf(customer, orderId)).toMatchObject({ status: 'cancelled' });
    expect(await stockOfOrderedPart(orderId)).toBe(20);
  });

  it('tells a customer whose order an admin deleted while they cancelled it that it is not there', async () => {
    const customer = await signUp(t.app);
    const admin = await signUpAdmin(t.app);
    const { orderId } = await orderBeingPaid(customer);
    fake.whileCancelling(() => deleteOrder(admin, orderId));
    const res = await cancel(customer, orderId);
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'There is no such order',
    });
  });

  it('tells the second of two admins deleting one order at once that it is not there', async () => {
    const customer = await signUp(t.app);
    const admin = await signUpAdmin(t.app);
    const { orderId } = await orderBeingPaid(customer);
    const [line] = await t.app.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId));
    let other: { statusCode: number; body: unknown } | undefined;
    fake.whileCancelling(async () => {
      const res = await deleteOrder(admin, orderId);
      other = { statusCode: res.statusCode, body: res.json() };
    });
    const res = await deleteOrder(admin, orderId);
    expect(other).toEqual({ statusCode: 200, body: { deletedCount: 1 } });
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'There is no such order',
    });
    const part = await t.app.inject({ method: 'GET', url: `/api/parts/${line?.partId ?? ''}` });
    expect(part.json<{ quantity: number }>().quantity).toBe(20);
  });
});

describe('a payment that begins between a cancel reading the order and cancelling it', () => {
  /**
   * A payment the customer's payment page began elsewhere, as Stripe made it: the shop asked for
   * it and has not yet written it on the order.
   */
  async function paymentBegunElsewhere(orderId: string): Promise<string> {
    const res = await fetch(new URL('/v1/payment_intents', fake.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ amount: '14997', currency: 'usd', 'metadata[orderId]': orderId }),
    });
    const { id } = (await res.json()) as { id: string };
    return id;
  }

  /**
   * The one moment no request can be held at: the order was read unpaid and without a payment,
   * and its cancelling UPDATE (or DELETE) is about to run. The database writes `intentId` on the
   * order just then, as the payment page's own UPDATE would have committed first, and the
   * statement finds the order no longer as it was read. Answers a function that removes it.
   */
  async function beginPaymentAtTheCancel(orderId: string, intentId: string) {
    const { db } = t.app.database;
    await db.execute(sql`create table payment_meanwhile (order_id uuid, intent_id text)`);
    await db.execute(sql`insert into payment_meanwhile values (${orderId}, ${intentId})`);
    await db.execute(
      sql.raw(`create function payment_meanwhile() returns trigger language plpgsql as $$
        declare begun text;
        begin
          if (tg_op = 'DELETE' or new.status = 'cancelled') and old.payment_intent_id is null then
            delete from payment_meanwhile where order_id = old.id returning intent_id into begun;
            if begun is not null then
              update orders set payment_intent_id = begun where id = old.id;
              return null;
            end if;
          end if;
          return case when tg_op = 'DELETE' then old else new end;
        end $$`),
    );
    await db.execute(
      sql.raw(`create trigger payment_meanwhile before update or delete on orders
        for each row execute function payment_meanwhile()`),
    );
    return async () => {
      await db.execute(sql.raw('drop trigger payment_meanwhile on orders'));
      await db.execute(sql.raw('drop function payment_meanwhile()'));
      await db.execute(sql.raw('drop table payment_meanwhile'));
    };
  }

  it('cancels that payment too when a customer cancels, and the order with it', async () => {
    const customer = await signUp(t.app);
    const orderId = await placeOrder(customer);
    const begun = await paymentBegunElsewhere(orderId);
    const remove = await beginPaymentAtTheCancel(orderId, begun);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/cancel`,
        headers: customer.bearer,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ _id: orderId, status: 'cancelled' });
    } finally {
      await remove();
    }
    // The payment page can no longer charge the card for an order that was cancelled.
    expect(fake.statusOf(begun)).toBe('canceled');
    expect(await orderOf(customer, orderId)).toMatchObject({
      status: 'cancelled',
      payment: 'false',
    });
    expect(await stockOfOrderedPart(orderId)).toBe(20);
  });

  it('cancels that payment too when an admin deletes the order, and deletes it', async () => {
    const customer = await signUp(t.app);
    const admin = await signUpAdmin(t.app);
    const orderId = await placeOrder(customer);
    const begun = await paymentBegunElsewhere(orderId);
    const remove = await beginPaymentAtTheCancel(orderId, begun);
    try {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/allorders/${orderId}`,
        headers: admin.bearer,
      });
      expect(res.json()).toEqual({ deletedCount: 1 });
    } finally {
      await remove();
    }
    expect(fake.statusOf(begun)).toBe('canceled');
    expect(await t.app.database.db.select().from(orders).where(eq(orders.id, orderId))).toEqual([]);
  });
});

describe('an order that changes while its Stripe payment is being made', () => {
  const cancelAsCustomer = (customer: Caller, orderId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/cancel`,
      headers: customer.bearer,
    });
  const deleteAsAdmin = async (_customer: Caller, orderId: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/allorders/${orderId}`,
      headers: (await signUpAdmin(t.app)).bearer,
    });

  it.each([
    [
      'runs out of time',
      (_customer: Caller, orderId: string) => letExpire(orderId),
      'This order expired before it was paid',
    ],
    ['is cancelled by its customer', cancelAsCustomer, 'You cancelled this order'],
    ['is deleted by an admin', deleteAsAdmin, 'This order expired before it was paid'],
  ])(
    'gives out no card form for an order that %s meanwhile, and cancels the payment it made',
    async (_change, change, message) => {
      const customer = await signUp(t.app);
      const orderId = await placeOrder(customer);
      fake.whileCreating(() => change(customer, orderId));

      const res = await createIntent(customer, orderId);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ statusCode: 409, error: 'Conflict', message });
      // The payment made for it can never take money.
      const made = fake.lastCreated();
      expect(made?.metadata.orderId).toBe(orderId);
      expect(fake.statusOf(made?.id ?? '')).toBe('canceled');
    },
  );

  it('two tabs opening the payment page at once share one payment, which the card then pays', async () => {
    const customer = await signUp(t.app);
    const orderId = await placeOrder(customer);
    const before = fake.createdCount();
    let secondTab: { statusCode: number; clientSecret: string } | undefined;
    fake.whileCreating(async () => {
      const res = await createIntent(customer, orderId);
      secondTab = {
        statusCode: res.statusCode,
        clientSecret: res.json<{ clientSecret: string }>().clientSecret,
      };
    });

    const firstTab = await createIntent(customer, orderId);
    expect(firstTab.statusCode).toBe(200);
    const { clientSecret } = firstTab.json<{ clientSecret: string }>();
    expect(secondTab).toEqual({ statusCode: 200, clientSecret });
    expect(fake.createdCount() - before).toBe(1);
    const intentId = intentIdOf(clientSecret);
    expect(fake.statusOf(intentId)).toBe('requires_payment_method');

    fake.succeed(intentId);
    const paid = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}`,
      headers: customer.bearer,
      payload: { transactionId: intentId },
    });
    expect(paid.json()).toEqual({ modifiedCount: 1 });
    await expectPaidThroughStripe(customer, orderId, intentId, 'pending');
  });
});
