import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { type Caller, signUp } from '../../../test/accounts-helpers';
import { makePart } from '../../../test/factories';
import { startFakeStripe } from '../../../test/fake-stripe';
import { placeOrderId, recordPayment } from '../../../test/orders-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { Config } from '../../config';
import { orders } from '../../db/schema';
import { createStripeClient } from './stripe-provider';

// The payments module when Stripe takes the payments: its routes (the webhook, and no test-card
// charging) and what the shop asks of Stripe's API.

const WEBHOOK_SECRET = 'whsec_test_apex_parts';
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let t: TestApp;

const stripeSettings = (webhookSecret: string | null, apiUrl = fake.url): Config['payments'] => ({
  provider: 'stripe',
  secretKey: 'sk_test_apex',
  publishableKey: 'pk_test_apex',
  webhookSecret,
  apiUrl,
});

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({ payments: stripeSettings(WEBHOOK_SECRET) });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => t.reset());

/** A customer's order of three parts at $49.99, as the shop took it: the customer and its id. */
async function anOrder(): Promise<{ customer: Caller; orderId: string }> {
  const part = await makePart(t.app.database.db, { priceCents: 4_999, stock: 20, minOrder: 1 });
  const customer = await signUp(t.app);
  return { customer, orderId: await placeOrderId(t.app, customer, part.id, 3) };
}

/** The order's payment opened as the payment page opens it: the Stripe intent's id. */
async function openPayment(customer: Caller, orderId: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: customer.bearer,
    payload: { orderId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ clientSecret: string }>().clientSecret.split('_secret_')[0] ?? '';
}

const paymentOf = async (customer: Caller, orderId: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/order/${orderId}`, headers: customer.bearer })
  ).json<{ payment: string; status: string }>();

/** A notice as Stripe sends it, signed with the shop's webhook secret. */
function signedNotice(type: string, intent: object) {
  const payload = JSON.stringify({
    id: 'evt_test_1',
    object: 'event',
    type,
    data: { object: intent },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return { payload, signature };
}

const sendNotice = (
  { payload, signature }: { payload?: string; signature?: string },
  app = t.app,
) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...(signature === undefined ? {} : { 'stripe-signature': signature }),
    },
    ...(payload === undefined ? {} : { payload }),
  });

describe("Stripe's notices", () => {
  it('refuses a notice without a signature, or a signature without a notice, as not signed by Stripe', async () => {
    const { orderId } = await anOrder();
    const { payload, signature } = signedNotice('payment_intent.succeeded', {
      id: 'pi_unsigned',
      object: 'payment_intent',
      amount: 3 * 4_999,
      metadata: { orderId },
    });
    const notSigned = {
      statusCode: 400,
      error: 'Bad Request',
      message: 'A signed Stripe event is expected',
    };
    expect((await sendNotice({ payload })).json()).toEqual(notSigned);
    expect((await sendNotice({ signature })).json()).toEqual(notSigned);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    expect((await sendNotice({ payload, signature: forged })).json()).toEqual({
      ...notSigned,
      message: 'The Stripe signature does not match',
    });
    const [order] = await t.app.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('unpaid');
  });

  it('leaves an order unpaid when Stripe says its payment failed', async () => {
    const { customer, orderId } = await anOrder();
    const intentId = await openPayment(customer, orderId);
    const failed = signedNotice('payment_intent.payment_failed', {
      id: intentId,
      object: 'payment_intent',
      amount: 3 * 4_999,
      status: 'requires_payment_method',
      metadata: { orderId },
    });
    expect((await sendNotice(failed)).json()).toEqual({ received: true });
    expect(await paymentOf(customer, orderId)).toMatchObject({
      payment: 'false',
      status: 'unpaid',
    });
  });

  it('takes no notices at all when no webhook secret is set, so nobody can send one', async () => {
    const unsigned = await createTestApp({ payments: stripeSettings(null) });
    try {
      const { payload, signature } = signedNotice('payment_intent.succeeded', { id: 'pi_1' });
      const res = await sendNotice({ payload, signature }, unsigned.app);
      expect(res.statusCode).toBe(404);
    } finally {
      await unsigned.close();
    }
  });
});

describe('a shop paid through Stripe', () => {
  it('has no test card to charge: the built-in processor is not there', async () => {
    const { customer, orderId } = await anOrder();
    const intentId = await openPayment(customer, orderId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/builtin/confirm',
      payload: {
        clientSecret: `${intentId}_secret_1`,
        card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
      },
    });
    expect(res.statusCode).toBe(404);
    expect(fake.statusOf(intentId)).toBe('requires_payment_method');
  });

  // openapi.json is the built-in processor's document, which has no webhook: whoever sets up
  // Stripe's notices reads this shop's own document for the address, and what it answers.
  it("documents Stripe's notices in its API document, with what they are answered", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json<{ paths: Record<string, unknown> }>();
    expect(doc.paths['/api/payments/webhook']).toEqual({
      post: {
        summary: "Stripe's payment notices (signed)",
        tags: ['payments'],
        responses: {
          200: {
            description: 'Default Response',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { received: { type: 'boolean' } },
                  required: ['received'],
                  additionalProperties: false,
                },
              },
            },
          },
          400: {
            description: 'Default Response',
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/ApiError' } },
            },
          },
        },
      },
    });
  });

  it('refuses a payment id Stripe does not know, and leaves the order unpaid', async () => {
    const { customer, orderId } = await anOrder();
    await openPayment(customer, orderId);
    const res = await recordPayment(t.app, customer, orderId, 'pi_made_up');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'This payment did not succeed for this order' });
    expect(await paymentOf(customer, orderId)).toMatchObject({
      payment: 'false',
      status: 'unpaid',
    });
  });
});

describe('what the shop asks of Stripe', () => {
  it("asks for the order's total in US dollars, by card", async () => {
    const { customer, orderId } = await anOrder();
    const intentId = await openPayment(customer, orderId);
    expect(fake.succeed(intentId)).toMatchObject({
      amount: 3 * 4_999,
      currency: 'usd',
      allowed_payment_method_types: ['card'],
      metadata: { orderId },
    });
  });

  it('gives a customer who comes back days later the same payment, not a second one', async () => {
    const { customer, orderId } = await anOrder();
    const first = await openPayment(customer, orderId);
    const created = fake.createdCount();
    fake.forgetIdempotencyKeys();
    expect(await openPayment(customer, orderId)).toBe(first);
    expect(fake.createdCount()).toBe(created);
  });

  const cancelOrder = (customer: Caller, orderId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/cancel`,
      headers: customer.bearer,
    });

  it('cancels an order whose payment Stripe no longer knows', async () => {
    const { customer, orderId } = await anOrder();
    await openPayment(customer, orderId);
    // An intent Stripe has never heard of (a test-mode key rotated, its data cleared).
    await t.app.database.db
      .update(orders)
      .set({ paymentIntentId: 'pi_gone' })
      .where(eq(orders.id, orderId));
    const res = await cancelOrder(customer, orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(await paymentOf(customer, orderId)).toMatchObject({ status: 'cancelled' });
  });

  it('cancels an order whose payment was cancelled at Stripe already', async () => {
    const { customer, orderId } = await anOrder();
    const intentId = await openPayment(customer, orderId);
    // Cancelled in Stripe's dashboard by the shop's staff.
    const dashboard = new Stripe('sk_test_apex', {
      host: fake.url.hostname,
      port: fake.url.port,
      protocol: 'http',
    });
    await dashboard.paymentIntents.cancel(intentId);
    const res = await cancelOrder(customer, orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(await paymentOf(customer, orderId)).toMatchObject({ status: 'cancelled' });
  });

  it('asks the customer to try again, and calls no payment failed, while Stripe cannot be reached', async () => {
    const cut = await createTestApp({
      // Nothing listens there: every call to Stripe fails to connect.
      payments: stripeSettings(WEBHOOK_SECRET, new URL('http://127.0.0.1:9')),
    });
    try {
      const part = await makePart(cut.app.database.db, {
        priceCents: 4_999,
        stock: 5,
        minOrder: 1,
      });
      const customer = await signUp(cut.app);
      const orderId = await placeOrderId(cut.app, customer, part.id, 1);
      const res = await recordPayment(cut.app, customer, orderId, 'pi_fake_1');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({
        message: 'Something went wrong on our side. Please try again shortly.',
      });
    } finally {
      await cut.close();
    }
  });

  it('talks to the Stripe address it is given, over https on port 443 unless told otherwise', () => {
    const settings = {
      provider: 'stripe',
      secretKey: 'sk_test_apex',
      publishableKey: 'pk',
      webhookSecret: null,
    } as const;
    const where = (apiUrl: URL | null) => {
      const api = createStripeClient({ ...settings, apiUrl }) as unknown as {
        getApiField(name: string): unknown;
        getTelemetryEnabled(): boolean;
      };
      // Nothing about the shop's requests is reported to Stripe.
      expect(api.getTelemetryEnabled()).toBe(false);
      return [
        api.getApiField('protocol'),
        api.getApiField('host'),
        String(api.getApiField('port')),
      ];
    };
    expect(where(null)).toEqual(['https', 'api.stripe.com', '443']);
    expect(where(new URL('https://stripe.example.test'))).toEqual([
      'https',
      'stripe.example.test',
      '443',
    ]);
    expect(where(new URL('http://stripe-mock.test'))).toEqual(['http', 'stripe-mock.test', '80']);
    expect(where(new URL('http://127.0.0.1:12111'))).toEqual(['http', '127.0.0.1', '12111']);
  });
});
