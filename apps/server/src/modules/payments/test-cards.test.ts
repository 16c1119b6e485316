import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { TestCard } from '@apex/contract';

import { signUp } from '../../../test/accounts-helpers';
import { makePart } from '../../../test/factories';
import { placeOrderId, recordPayment } from '../../../test/orders-helpers';
import { useTestApp } from '../../../test/test-app';
import { builtinPaymentIntents } from '../../db/schema';
import { CardError, checkTestCard, createBuiltinProvider } from './builtin-provider';

// The built-in processor: Stripe's test cards, refused and accepted as Stripe would, and its
// payment page's card confirmation.

const t = useTestApp({ logLevel: 'error' });

const goodCard: TestCard = {
  number: '4242424242424242',
  expMonth: 12,
  expYear: 2099,
  cvc: '123',
};

/** What the processor says of a card: `accepted`, or the code and words of its refusal. */
function verdict(card: Partial<TestCard>, now?: Date): string {
  try {
    checkTestCard({ ...goodCard, ...card }, now);
    return 'accepted';
  } catch (error) {
    if (!(error instanceof CardError)) throw error;
    return `${error.code}: ${error.message}`;
  }
}

const INVALID_NUMBER = 'invalid_number: Your card number is invalid.';
const DECLINED = 'card_declined: Your card was declined.';
const EXPIRED = 'expired_card: Your card has expired.';
const INCOMPLETE_CVC = "incomplete_cvc: Your card's security code is incomplete.";

describe('the test cards the built-in processor takes', () => {
  it("takes Stripe's test Visa typed as printed, with spaces or dashes, and its Mastercard", () => {
    for (const number of [
      '4242 4242 4242 4242',
      '4242-4242-4242-4242',
      ' 4242 4242\t4242 4242 ',
      '5555555555554444',
      '5555 5555 5555 4444',
    ]) {
      expect(verdict({ number }), number).toBe('accepted');
    }
  });

  it('calls a number invalid when its length is no card length or it holds letters, even when its check digit adds up', () => {
    // Each of these passes the check-digit test (zeros in front never change it).
    expect(verdict({ number: '00042424242' })).toBe(INVALID_NUMBER);
    expect(verdict({ number: '00004242424242424242' })).toBe(INVALID_NUMBER);
    expect(verdict({ number: '4242424242424242x' })).toBe(INVALID_NUMBER);
    expect(verdict({ number: 'x4242424242424242' })).toBe(INVALID_NUMBER);
    // The shortest and the longest card numbers there are: real numbers, only not test cards.
    expect(verdict({ number: '000042424242' })).toBe(DECLINED);
    expect(verdict({ number: '0004242424242424242' })).toBe(DECLINED);
  });

  it('says a card has expired from the first day after the month printed on it', () => {
    const november2026 = { expMonth: 11, expYear: 2026 };
    expect(verdict(november2026, new Date('2026-11-30T23:59:59.999Z'))).toBe('accepted');
    expect(verdict(november2026, new Date('2026-12-01T00:00:00.000Z'))).toBe(EXPIRED);
    expect(verdict({ expMonth: 12, expYear: 2026 }, new Date('2026-12-31T12:00:00Z'))).toBe(
      'accepted',
    );
    expect(verdict({ expMonth: 1, expYear: 2027 }, new Date('2026-12-31T12:00:00Z'))).toBe(
      'accepted',
    );
  });

  it('refuses a month that is not on any calendar as an expiry, however far the year', () => {
    for (const expMonth of [0, 13, -1]) {
      expect(verdict({ expMonth, expYear: 2099 }), `month ${expMonth}`).toBe(EXPIRED);
    }
    expect(verdict({ expMonth: 1, expYear: 2099 })).toBe('accepted');
  });

  it('takes a security code of three or four digits, and calls anything else incomplete', () => {
    expect(verdict({ cvc: '123' })).toBe('accepted');
    expect(verdict({ cvc: '1234' })).toBe('accepted');
    for (const cvc of ['', '12', '12345', 'a123', '123a', '1 23']) {
      expect(verdict({ cvc }), `"${cvc}"`).toBe(INCOMPLETE_CVC);
    }
  });
});

/** A customer's order of one part at $25, as the shop took it: the customer and the order's id. */
async function anOrder() {
  const part = await makePart(t.app.database.db, { priceCents: 2_500, stock: 10, minOrder: 1 });
  const customer = await signUp(t.app);
  return { customer, orderId: await placeOrderId(t.app, customer, part.id, 1) };
}

/** A customer's order, and the secret of its payment, as the payment page has it. */
async function orderWithPayment() {
  const { customer, orderId } = await anOrder();
  const intent = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: customer.bearer,
    payload: { orderId },
  });
  expect(intent.statusCode, intent.body).toBe(200);
  const { clientSecret } = intent.json<{ clientSecret: string }>();
  return { customer, orderId, clientSecret };
}

const confirmCard = (clientSecret: string, card: Partial<TestCard> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/builtin/confirm',
    payload: { clientSecret, card: { ...goodCard, ...card } },
  });

const intentStatus = async (clientSecret: string) => {
  const [intent] = await t.app.database.db
    .select({ status: builtinPaymentIntents.status })
    .from(builtinPaymentIntents)
    .where(eq(builtinPaymentIntents.clientSecret, clientSecret));
  return intent?.status;
};

describe("the built-in processor's card confirmation", () => {
  it('says there is no such payment for a secret it never gave out', async () => {
    await orderWithPayment();
    const res = await confirmCard('pi_test_made_up_secret_nothing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'There is no such payment',
    });
  });

  it('charges a card clicked twice once: both clicks answer the one payment, which pays the order', async () => {
    const { customer, orderId, clientSecret } = await orderWithPayment();
    // Both clicks reach the processor before either has charged the card.
    const { confirm } = createBuiltinProvider(t.app.database.db);
    const clicks = await Promise.all([
      confirm(clientSecret, goodCard),
      confirm(clientSecret, goodCard),
    ]);
    const paymentId = clientSecret.split('_secret_')[0] ?? '';
    expect(clicks).toEqual([
      { id: paymentId, status: 'succeeded' },
      { id: paymentId, status: 'succeeded' },
    ]);
    expect(await intentStatus(clientSecret)).toBe('succeeded');
    expect((await recordPayment(t.app, customer, orderId, paymentId)).json()).toEqual({
      modifiedCount: 1,
    });
  });

  it('answers a payment made with the payment made, whatever card the page sends again', async () => {
    const { clientSecret } = await orderWithPayment();
    const paid = await confirmCard(clientSecret);
    expect(paid.statusCode).toBe(200);
    // The page sent again (a reload, a back button) with a card that would now be refused.
    const again = await confirmCard(clientSecret, { number: '4000000000000002' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(paid.json());
  });
});

describe("the built-in processor's payments", () => {
  it('gives two tabs opening the payment page at once one payment, with an id and secret fit for a link', async () => {
    const { orderId } = await anOrder();
    const { provider } = createBuiltinProvider(t.app.database.db);
    const order = { id: orderId, amountCents: 2_500, existingIntentId: null };
    // Both look for the order's payment before either has made it.
    const [first, second] = await Promise.all([
      provider.createIntent(order),
      provider.createIntent(order),
    ]);
    expect(second).toEqual(first);
    expect(first.id).toMatch(/^pi_test_[\w-]{16}$/);
    expect(first.clientSecret).toMatch(new RegExp(`^${first.id}_secret_[\\w-]{24}$`));
    expect(await t.app.database.db.select().from(builtinPaymentIntents)).toHaveLength(1);
  });

  it('calls a payment cancelled twice cancelled, and one the card paid first paid', async () => {
    const { provider, confirm } = createBuiltinProvider(t.app.database.db);
    const cancelled = await provider.createIntent({
      id: (await anOrder()).orderId,
      amountCents: 2_500,
      existingIntentId: null,
    });
    // Two sweeps meeting on an expired order: the second finds the payment cancelled already,
    // and must not take it for a payment made.
    expect(await provider.cancelIntent(cancelled.id)).toBe('cancelled');
    expect(await provider.cancelIntent(cancelled.id)).toBe('cancelled');

    const paid = await provider.createIntent({
      id: (await anOrder()).orderId,
      amountCents: 2_500,
      existingIntentId: null,
    });
    await confirm(paid.clientSecret, goodCard);
    expect(await provider.cancelIntent(paid.id)).toBe('succeeded');
  });
});
