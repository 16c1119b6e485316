import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { orderQuantityHint } from '@apex/contract';

import { type Caller, newAdmin, signUp } from '../../../test/accounts-helpers';
import { expectRefused } from '../../../test/answers';
import { makePart } from '../../../test/factories';
import {
  chargedPaymentId,
  chargeTestCard,
  payWithTestCard,
  placeOrder as placeOrderIn,
  placeOrderId,
  recordPayment,
} from '../../../test/orders-helpers';
import { shownStockOf } from '../../../test/parts-helpers';
import { useTestApp } from '../../../test/test-app';
import { parts } from '../../db/schema';

const t = useTestApp();

type Headers = Record<string, string>;

const ADA = 'ada@example.com';
const BOB = 'bob@example.com';
const OWNER = 'owner@example.com';

const placeOrder = (headers: Headers, payload: Record<string, unknown>) =>
  placeOrderIn(t.app, headers, payload);

/** An order the shop took: its id. */
const placed = (customer: Caller, partId: string, orderQuantity = 2) =>
  placeOrderId(t.app, customer, partId, orderQuantity);

/** The test card charged for an order (not yet marked paid): the payment's id. */
const charged = (customer: Caller, orderId: string) => chargedPaymentId(t.app, customer, orderId);

/** A part, a customer and an admin: what most tests of the admin's calls start from. */
async function partCustomerAndAdmin(stock?: number) {
  const part = await makePart(t.app.database.db, stock === undefined ? {} : { stock });
  const customer = await signUp(t.app);
  const admin = await newAdmin(t.app);
  return { part, customer, admin };
}

/** Two customers, the first of whom has ordered a part: the customers, that order and the part. */
async function twoCustomersAndAnOrder(
  firstEmail: string,
  secondEmail: string,
): Promise<[first: Caller, second: Caller, order: string, partId: string]> {
  const part = await makePart(t.app.database.db);
  const first = await signUp(t.app, { email: firstEmail });
  const second = await signUp(t.app, { email: secondEmail });
  return [first, second, await placed(first, part.id), part.id];
}

const asCaller = (caller: Caller, method: 'GET' | 'PUT' | 'DELETE', url: string) =>
  t.app.inject({ method, url, headers: caller.bearer });

const pay = (customer: Caller, orderId: string, cardNumber?: string) =>
  chargeTestCard(t.app, customer, orderId, cardNumber);

const markPaid = (customer: Caller, orderId: string, transactionId: string) =>
  recordPayment(t.app, customer, orderId, transactionId);

const getOrder = (headers: Headers, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/order/${id}`, headers });

/** A part at the highest price the shop takes, $999,999.99: one unit is the largest order. */
const priciestPart = (stock: number) =>
  makePart(t.app.database.db, { priceCents: 99_999_999, stock, minOrder: 1 });

describe('POST /api/orders', () => {
  it('prices the order from the database and takes the customer from the session', async () => {
    const part = await makePart(t.app.database.db, { priceCents: 12_500, stock: 10, minOrder: 2 });
    const customer = await signUp(t.app, { name: 'Ada', email: 'ada@example.com' });
    const res = await placeOrder(customer.bearer, {
      orderId: part.id,
      orderQuantity: 3,
      phone: '+44 20 7946 0000',
      address: '1 Pit Lane',
      // What the spec's client sent; none of it may count.
      price: 0.01,
      userEmail: 'someone.else@example.com',
      userName: 'Someone Else',
      payment: 'paid',
      order: 'Free part',
    });
    expect(res.statusCode).toBe(201);
    const { insertedId, order } = res.json<{
      insertedId: string;
      order: Record<string, unknown>;
    }>();
    expect(order).toMatchObject({
      _id: insertedId,
      orderId: part.id,
      order: part.name,
      unitPrice: 125,
      price: 375,
      orderQuantity: 3,
      userName: 'Ada',
      userEmail: 'ada@example.com',
      payment: 'false',
      status: 'unpaid',
      transactionId: null,
    });
    expect(await shownStockOf(t.app, part.id)).toBe(7);
  });

  it('refuses a quantity outside [minimum order, stock] with the words the form shows, and keeps the stock', async () => {
    const part = await makePart(t.app.database.db, { stock: 5, minOrder: 2 });
    const customer = await signUp(t.app);
    const belowMinimum = await placeOrder(customer.bearer, { orderId: part.id, orderQuantity: 1 });
    // The order form's own hint (requirements §5), so the customer reads the same words in both
    // places.
    expectRefused(belowMinimum, 400, orderQuantityHint(2, 5));
    expect(orderQuantityHint(2, 5)).toBe('Minimum Order is 2 and Maximum order is 5');

    const aboveStock = await placeOrder(customer.bearer, { orderId: part.id, orderQuantity: 6 });
    expectRefused(aboveStock, 409, 'Not enough stock: only 5 left');

    const fraction = await placeOrder(customer.bearer, { orderId: part.id, orderQuantity: 2.5 });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json()).toMatchObject({
      message: 'Invalid request: body.orderQuantity: Enter a whole number',
      fields: [{ field: 'body.orderQuantity', message: 'Enter a whole number' }],
    });
    expect(await shownStockOf(t.app, part.id)).toBe(5);
  });

  it('sells a part whose stock equals its minimum order, all of it at once, and then says it sold out', async () => {
    const part = await makePart(t.app.database.db, { stock: 4, minOrder: 4 });
    const customer = await signUp(t.app);
    const res = await placeOrder(customer.bearer, { orderId: part.id, orderQuantity: 4 });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ order: unknown }>().order).toMatchObject({ orderQuantity: 4, held: false });
    // The last minimum order is nobody's until paid (decision 022).
    await payWithTestCard(t.app, customer, res.json<{ insertedId: string }>().insertedId);
    expect(await shownStockOf(t.app, part.id)).toBe(0);

    const late = await placeOrder(customer.bearer, { orderId: part.id, orderQuantity: 4 });
    expectRefused(late, 409, 'This part has just sold out');
    expect(await shownStockOf(t.app, part.id)).toBe(0);
  });

  it('refuses an order whose total no card payment could carry, and keeps the stock', async () => {
    const part = await priciestPart(1000);
    const customer = await signUp(t.app);
    expect(
      (await placeOrder(customer.bearer, { orderId: part.id, orderQuantity: 1 })).statusCode,
    ).toBe(201);
    const tooMuch = await placeOrder(customer.bearer, { orderId: part.id, orderQuantity: 500 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json<{ message: string }>().message).toBe(
      'One order can total at most $999,999.99: order fewer',
    );
    expect(await shownStockOf(t.app, part.id)).toBe(999);
  });

  it('takes an order of exactly the largest total, and then says the part sold out', async () => {
    const part = await priciestPart(1);
    const customer = await signUp(t.app);
    const largest = await placeOrder(customer.bearer, { orderId: part.id, orderQuantity: 1 });
    expect(largest.statusCode).toBe(201);
    expect(largest.json<{ order: unknown }>().order).toMatchObject({ price: 999_999.99 });
    await payWithTestCard(t.app, customer, largest.json<{ insertedId: string }>().insertedId);
    // At the limit, not over it: the refusal is about the stock.
    expectRefused(
      await placeOrder(customer.bearer, { orderId: part.id, orderQuantity: 1 }),
      409,
      'This part has just sold out',
    );
  });

  it('answers 404 for an unknown or archived part, 401 to visitors', async () => {
    const archived = await makePart(t.app.database.db, { archivedAt: new Date() });
    const customer = await signUp(t.app);
    const noSuchPart = {
      statusCode: 404,
      error: 'Not Found',
      message: 'There is no part with this id in the catalogue',
    };
    expect(
      (await placeOrder(customer.bearer, { orderId: archived.id, orderQuantity: 2 })).json(),
    ).toEqual(noSuchPart);
    expect(
      (await placeOrder(customer.bearer, { orderId: 'nope', orderQuantity: 2 })).json(),
    ).toEqual(noSuchPart);
    expect((await placeOrder({}, { orderId: archived.id, orderQuantity: 2 })).statusCode).toBe(401);
  });

  it('never oversells: of 100 concurrent orders and their payments, only as many are sold as the stock allows', async () => {
    const part = await makePart(t.app.database.db, { stock: 37, minOrder: 1 });
    const customer = await signUp(t.app);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        placeOrder(customer.bearer, { orderId: part.id, orderQuantity: 1 }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
    // Held while a minimum order stays on the shelf: 36; the others wait for their payment.
    const held = answers.filter((a) => a.json<{ order: { held: boolean } }>().order.held);
    expect(held).toHaveLength(36);
    expect(await shownStockOf(t.app, part.id)).toBe(1);

    const payments = await Promise.all(
      answers.map(async (answer) => {
        const id = answer.json<{ insertedId: string }>().insertedId;
        return markPaid(customer, id, await charged(customer, id));
      }),
    );
    const codes = payments.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(37);
    // The rest came after the last unit sold: refunded, not sold.
    expect(codes.filter((c) => c === 409)).toHaveLength(63);
    expect(await shownStockOf(t.app, part.id)).toBe(0);
  });
});

describe('reading orders', () => {
  it('shows customers their own orders only', async () => {
    const [ada, bob, adaOrder] = await twoCustomersAndAnOrder(ADA, BOB);

    const own = await asCaller(ada, 'GET', '/api/orders?userEmail=ada@example.com');
    expect(own.json()).toHaveLength(1);
    const foreign = await asCaller(bob, 'GET', '/api/orders?userEmail=ada@example.com');
    expectRefused(foreign, 403, 'You can only see your own orders');
    expect((await getOrder(ada.bearer, adaOrder)).statusCode).toBe(200);
    expectRefused(await getOrder(bob.bearer, adaOrder), 404, 'There is no such order');
    expect((await getOrder({}, adaOrder)).statusCode).toBe(401);
    const admin = await newAdmin(t.app);
    expect((await getOrder(admin.bearer, adaOrder)).statusCode).toBe(200);
  });
});

describe('paying', () => {
  it('marks an order paid only after the provider confirms the payment, once', async () => {
    const part = await makePart(t.app.database.db, { priceCents: 2_000 });
    const customer = await signUp(t.app);
    const insertedId = await placed(customer, part.id);

    const { clientSecret, confirmed } = await pay(customer, insertedId);
    expect(confirmed.statusCode).toBe(200);
    const { paymentIntent } = confirmed.json<{ paymentIntent: { id: string; status: string } }>();
    expect(paymentIntent.status).toBe('succeeded');

    expect((await markPaid(customer, insertedId, paymentIntent.id)).json()).toEqual({
      modifiedCount: 1,
    });
    expect((await markPaid(customer, insertedId, paymentIntent.id)).json()).toEqual({
      modifiedCount: 0,
    });
    const order = (await getOrder(customer.bearer, insertedId)).json<Record<string, unknown>>();
    expect(order).toMatchObject({
      payment: 'paid',
      status: 'pending',
      transactionId: paymentIntent.id,
    });

    // One intent per order: asking again for a paid order is refused, not a second charge.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: customer.bearer,
      payload: { orderId: insertedId },
    });
    expectRefused(again, 409, 'This order is paid already');
    expect(clientSecret).toContain(paymentIntent.id);
  });

  it('refuses another payment reported for an order already paid, which stays paid by the first', async () => {
    const part = await makePart(t.app.database.db);
    const customer = await signUp(t.app);
    const order = await placed(customer, part.id);
    const first = await charged(customer, order);
    expect((await markPaid(customer, order, first)).json()).toEqual({ modifiedCount: 1 });

    const other = await markPaid(customer, order, 'pi_test_another_payment');
    expectRefused(other, 400, 'This order was paid by another payment');
    expect((await getOrder(customer.bearer, order)).json()).toMatchObject({
      payment: 'paid',
      transactionId: first,
    });
  });

  it('reuses the intent when payment is retried', async () => {
    const part = await makePart(t.app.database.db);
    const customer = await signUp(t.app);
    const insertedId = await placed(customer, part.id);
    const first = await pay(customer, insertedId, '4000000000000002');
    const second = await pay(customer, insertedId, '4000000000000002');
    expect(second.clientSecret).toBe(first.clientSecret);
  });

  it.each([
    ['4000000000000002', 'Your card was declined.', 'card_declined'],
    ['4000000000009995', 'Your card has insufficient funds.', 'card_declined'],
    ['4242424242424241', 'Your card number is invalid.', 'invalid_number'],
  ])(
    'refuses test card %s with "%s" and leaves the order unpaid',
    async (number, message, code) => {
      const part = await makePart(t.app.database.db);
      const customer = await signUp(t.app);
      const insertedId = await placed(customer, part.id);
      const { clientSecret, confirmed } = await pay(customer, insertedId, number);
      expect(confirmed.statusCode).toBe(402);
      // The shop's one error shape, with Stripe's code for the refusal.
      expect(confirmed.json()).toEqual({
        statusCode: 402,
        error: 'Payment Required',
        message,
        code,
      });
      const intentId = clientSecret.split('_secret_')[0] ?? '';
      expect((await markPaid(customer, insertedId, intentId)).statusCode).toBe(400);
      expect((await getOrder(customer.bearer, insertedId)).json()).toMatchObject({
        payment: 'false',
      });
    },
  );

  it('refuses a made-up or foreign transaction id', async () => {
    const [ada, bob, adaOrder, partId] = await twoCustomersAndAnOrder(ADA, BOB);
    const bobOrder = await placed(bob, partId);
    const bobPaid = await charged(bob, bobOrder);

    expect((await markPaid(ada, adaOrder, 'pi_made_up')).statusCode).toBe(400);
    expect((await markPaid(ada, adaOrder, bobPaid)).statusCode).toBe(400);
    expectRefused(await markPaid(ada, bobOrder, bobPaid), 404, 'There is no such order');
    expect((await getOrder(ada.bearer, adaOrder)).json()).toMatchObject({ payment: 'false' });
  });
});

describe('managing orders (admins)', () => {
  it('lists every order, answering 304 while nothing changed', async () => {
    const { part, customer, admin } = await partCustomerAndAdmin();
    await placeOrder(customer.bearer, { orderId: part.id, orderQuantity: 2 });
    const first = await asCaller(admin, 'GET', '/api/allorders');
    expect(first.json()).toHaveLength(1);
    const etag = String(first.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/allorders',
      headers: { ...admin.bearer, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    // As a browser sends it back through a proxy that compressed the list: weak, among others.
    const throughProxy = await t.app.inject({
      method: 'GET',
      url: '/api/allorders',
      headers: { ...admin.bearer, 'if-none-match': `"older", W/${etag}` },
    });
    expect(throughProxy.statusCode).toBe(304);
    await placeOrder(customer.bearer, { orderId: part.id, orderQuantity: 2 });
    const changed = await t.app.inject({
      method: 'GET',
      url: '/api/allorders',
      headers: { ...admin.bearer, 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toHaveLength(2);
    expect((await asCaller(customer, 'GET', '/api/allorders')).statusCode).toBe(403);
  });

  /** The admin's order list, asked as the Orders page polls it: with the ETag it last saw. */
  const pollAllOrders = (admin: Caller, etag: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/allorders',
      headers: { ...admin.bearer, 'if-none-match': etag },
    });

  async function etagOfAllOrders(admin: Caller): Promise<string> {
    const res = await asCaller(admin, 'GET', '/api/allorders');
    const etag = String(res.headers.etag);
    expect((await pollAllOrders(admin, etag)).statusCode).toBe(304);
    return etag;
  }

  it('shows the admin a payment at once: the paid order is no 304 away', async () => {
    const { part, customer, admin } = await partCustomerAndAdmin();
    const order = await placed(customer, part.id);
    const intent = await charged(customer, order);
    const seen = await etagOfAllOrders(admin);

    expect((await markPaid(customer, order, intent)).json()).toEqual({ modifiedCount: 1 });
    const polled = await pollAllOrders(admin, seen);
    expect(polled.statusCode).toBe(200);
    expect(polled.headers.etag).not.toBe(seen);
    expect(polled.json()).toMatchObject([
      { _id: order, payment: 'paid', status: 'pending', transactionId: intent },
    ]);
  });

  it('shows the admin a shipment at once: the shipped order is no 304 away', async () => {
    const { part, customer, admin } = await partCustomerAndAdmin();
    const order = await placed(customer, part.id);
    const intent = await charged(customer, order);
    await markPaid(customer, order, intent);
    const seen = await etagOfAllOrders(admin);

    const shipped = await asCaller(admin, 'PUT', `/api/allorders/${order}`);
    expect(shipped.json()).toEqual({ modifiedCount: 1 });
    const polled = await pollAllOrders(admin, seen);
    expect(polled.statusCode).toBe(200);
    expect(polled.headers.etag).not.toBe(seen);
    expect(polled.json()).toMatchObject([{ _id: order, payment: 'paid', status: 'shipped' }]);
  });

  it('drops a deleted order from the list at once, even when a newer order is the last change', async () => {
    const { part, customer, admin } = await partCustomerAndAdmin();
    const older = await placed(customer, part.id);
    const newer = await placed(customer, part.id, 3);
    const seen = await etagOfAllOrders(admin);

    // The newer order's change stays the latest one: only the number of orders tells.
    const removed = await asCaller(admin, 'DELETE', `/api/allorders/${older}`);
    expect(removed.json()).toEqual({ deletedCount: 1 });
    const polled = await pollAllOrders(admin, seen);
    expect(polled.statusCode).toBe(200);
    expect(polled.json<{ _id: string }[]>().map((o) => o._id)).toEqual([newer]);
  });

  it('deletes an unpaid order and returns its stock; refuses a paid one', async () => {
    const { part, customer, admin } = await partCustomerAndAdmin(10);
    const unpaid = await placed(customer, part.id, 3);
    const paid = await placed(customer, part.id);
    const intent = await charged(customer, paid);
    await markPaid(customer, paid, intent);
    expect(await shownStockOf(t.app, part.id)).toBe(5);

    const asCustomer = await asCaller(customer, 'DELETE', `/api/allorders/${unpaid}`);
    expect(asCustomer.statusCode).toBe(403);
    const removed = await asCaller(admin, 'DELETE', `/api/allorders/${unpaid}`);
    expect(removed.json()).toEqual({ deletedCount: 1 });
    expect(await shownStockOf(t.app, part.id)).toBe(8);
    // Two reservations and the stock's return: three changes to the part, three versions on.
    const [row] = await t.app.database.db.select().from(parts).where(eq(parts.id, part.id));
    expect(row?.version).toBe(part.version + 3);
    const refused = await asCaller(admin, 'DELETE', `/api/allorders/${paid}`);
    expect(refused.statusCode).toBe(409);
    expect(await shownStockOf(t.app, part.id)).toBe(8);
  });

  it('tells an admin that an order which is not there cannot be shipped or deleted', async () => {
    const admin = await newAdmin(t.app);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-order']) {
      expectRefused(
        await asCaller(admin, 'PUT', `/api/allorders/${id}`),
        404,
        'There is no such order',
      );
      expectRefused(
        await asCaller(admin, 'DELETE', `/api/allorders/${id}`),
        404,
        'There is no such order',
      );
    }
  });

  it('shows an admin an empty list while nobody has ordered', async () => {
    const admin = await newAdmin(t.app);
    const res = await asCaller(admin, 'GET', '/api/allorders');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect((await pollAllOrders(admin, String(res.headers.etag))).statusCode).toBe(304);
  });

  it('ships paid orders only', async () => {
    const { part, customer, admin } = await partCustomerAndAdmin();
    const order = await placed(customer, part.id);
    const ship = () => asCaller(admin, 'PUT', `/api/allorders/${order}`);
    expectRefused(await ship(), 409, 'Only paid orders can be shipped');
    const intent = await charged(customer, order);
    await markPaid(customer, order, intent);
    expect((await ship()).json()).toEqual({ modifiedCount: 1 });
    expect((await ship()).json()).toEqual({ modifiedCount: 0 });
    expect((await getOrder(customer.bearer, order)).json()).toMatchObject({
      status: 'shipped',
      payment: 'paid',
    });
    expect((await asCaller(customer, 'PUT', `/api/allorders/${order}`)).statusCode).toBe(403);
  });
});

describe('who may call the order endpoints', () => {
  it('answers 401 to visitors, 403 to customers on admin calls and 404 for foreign orders', async () => {
    const [owner, other, order, partId] = await twoCustomersAndAnOrder(OWNER, 'other@example.com');

    const calls = [
      { method: 'POST', url: '/api/orders', payload: { orderId: partId, orderQuantity: 2 } },
      { method: 'GET', url: '/api/orders?userEmail=owner@example.com' },
      { method: 'GET', url: `/api/order/${order}` },
      { method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order } },
      { method: 'PATCH', url: `/api/orders/${order}`, payload: { transactionId: 'pi_x' } },
      { method: 'GET', url: '/api/allorders' },
      { method: 'DELETE', url: `/api/allorders/${order}` },
      { method: 'PUT', url: `/api/allorders/${order}` },
    ] as const;
    const expected: Record<string, [visitor: number, other: number]> = {
      'POST /api/orders': [401, 201],
      'GET /api/orders?userEmail=owner@example.com': [401, 403],
      [`GET /api/order/${order}`]: [401, 404],
      'POST /api/create-payment-intent': [401, 404],
      [`PATCH /api/orders/${order}`]: [401, 404],
      'GET /api/allorders': [401, 403],
      [`DELETE /api/allorders/${order}`]: [401, 403],
      [`PUT /api/allorders/${order}`]: [401, 403],
    };
    for (const call of calls) {
      const key = `${call.method} ${call.url}`;
      const asVisitor = await t.app.inject({ ...call });
      const asOther = await t.app.inject({ ...call, headers: other.bearer });
      expect([asVisitor.statusCode, asOther.statusCode], key).toEqual(expected[key]);
    }
    // Nothing the others tried changed the owner's order.
    expect((await getOrder(owner.bearer, order)).json()).toMatchObject({ payment: 'false' });
  });
});
