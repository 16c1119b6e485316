import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { type Cart, CART_MAX_LINES, type Order, orderQuantityHint } from '@apex/contract';

import { type Caller, signIn, signUp, signUpAdmin } from '../../../test/accounts-helpers';
import { expectRefused } from '../../../test/answers';
import { makePart } from '../../../test/factories';
import { chargedPaymentId, recordPayment } from '../../../test/orders-helpers';
import { stockOf } from '../../../test/parts-helpers';
import { useTestApp } from '../../../test/test-app';
import { cartLines, orders, outbox, type PartRow, parts, users } from '../../db/schema';

const t = useTestApp();

const put = (customer: Caller, partId: string, quantity: number, unitPrice: number) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/cart/lines/${partId}`,
    headers: customer.bearer,
    payload: { quantity, unitPrice },
  });

/** Puts a part in the cart at its price now, as the part page does. */
async function add(customer: Caller, part: PartRow, quantity = part.minOrder): Promise<Cart> {
  const res = await put(customer, part.id, quantity, part.priceCents / 100);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Cart>();
}

const cartOf = async (customer: Caller) =>
  (await t.app.inject({ method: 'GET', url: '/api/cart', headers: customer.bearer })).json<Cart>();

const checkout = (customer: Caller) =>
  t.app.inject({
    method: 'POST',
    url: '/api/cart/checkout',
    headers: customer.bearer,
    payload: { phone: '+1 555 0100', address: '1 Pit Lane' },
  });

const ordersOf = async (customer: Caller) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/orders?userEmail=${encodeURIComponent(customer.email)}`,
      headers: customer.bearer,
    })
  ).json<Order[]>();

const setPart = (id: string, values: Partial<typeof parts.$inferInsert>) =>
  t.app.database.db.update(parts).set(values).where(eq(parts.id, id));

/** Three parts on sale, and a customer with all three in the cart. */
async function aCartOfThree() {
  const db = t.app.database.db;
  const kit = await makePart(db, { name: 'Brake kit', priceCents: 12_000, stock: 10, minOrder: 1 });
  const pads = await makePart(db, {
    name: 'Brake pads',
    priceCents: 2_550,
    stock: 20,
    minOrder: 2,
  });
  const disc = await makePart(db, { name: 'Brake disc', priceCents: 8_999, stock: 5, minOrder: 1 });
  const customer = await signUp(t.app);
  await add(customer, kit, 1);
  await add(customer, pads, 4);
  await add(customer, disc, 2);
  return { kit, pads, disc, customer };
}

describe('the cart', () => {
  it('is empty for a new customer, and nobody signed out has one on the server', async () => {
    const customer = await signUp(t.app);
    expect(await cartOf(customer)).toEqual({ lines: [], total: 0 });
    const part = await makePart(t.app.database.db);
    for (const [method, url] of [
      ['GET', '/api/cart'],
      ['PUT', `/api/cart/lines/${part.id}`],
      ['DELETE', `/api/cart/lines/${part.id}`],
      ['POST', '/api/cart/merge'],
      ['POST', '/api/cart/checkout'],
    ] as const) {
      const payload = method === 'PUT' ? { quantity: 1, unitPrice: 1 } : { lines: [] };
      const res = await t.app.inject({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('holds the parts put in it, in the order they were added, with the part as it is now', async () => {
    const { kit, pads, disc, customer } = await aCartOfThree();
    const cart = await cartOf(customer);
    expect(cart.lines.map((line) => [line.name, line.quantity])).toEqual([
      ['Brake kit', 1],
      ['Brake pads', 4],
      ['Brake disc', 2],
    ]);
    expect(cart.lines[1]).toEqual({
      partId: pads.id,
      name: 'Brake pads',
      image: pads.image,
      quantity: 4,
      unitPrice: 25.5,
      shownUnitPrice: 25.5,
      minOrder: 2,
      stock: 20,
      problem: null,
      message: null,
    });
    expect(cart.total).toBe(120 + 4 * 25.5 + 2 * 89.99);

    // Setting a line again changes its quantity; removing it takes it out.
    expect((await add(customer, kit, 3)).lines[0]?.quantity).toBe(3);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/cart/lines/${disc.id}`,
      headers: customer.bearer,
    });
    expect(removed.json<Cart>().lines.map((line) => line.name)).toEqual([
      'Brake kit',
      'Brake pads',
    ]);
  });

  it('takes no part that is not on sale, and changes nothing when it refuses', async () => {
    const customer = await signUp(t.app);
    const archived = await makePart(t.app.database.db, { archivedAt: new Date() });
    expectRefused(
      await put(customer, archived.id, 1, 1),
      404,
      'There is no part with this id in the catalogue',
    );
    expectRefused(
      await put(customer, 'not-a-part', 1, 1),
      404,
      'There is no part with this id in the catalogue',
    );
    const bad = await put(customer, archived.id, 0, 1);
    expect(bad.statusCode).toBe(400);
    expect(await cartOf(customer)).toEqual({ lines: [], total: 0 });
  });

  it(`holds at most ${CART_MAX_LINES} parts`, async () => {
    const customer = await signUp(t.app);
    const db = t.app.database.db;
    const many = await Promise.all(
      Array.from({ length: CART_MAX_LINES + 1 }, () => makePart(db, { minOrder: 1 })),
    );
    for (const part of many.slice(0, CART_MAX_LINES)) await add(customer, part, 1);
    const last = many[CART_MAX_LINES];
    if (!last) throw new Error('no part');
    expectRefused(
      await put(customer, last.id, 1, last.priceCents / 100),
      409,
      `Your cart holds at most ${CART_MAX_LINES} parts: order these first`,
    );
    // A part already in it can still change.
    const first = many[0];
    if (!first) throw new Error('no part');
    expect((await add(customer, first, 2)).lines).toHaveLength(CART_MAX_LINES);
  });

  it('lets a line take all the stock left, and no more', async () => {
    const customer = await signUp(t.app);
    const part = await makePart(t.app.database.db, { stock: 4, minOrder: 1 });
    expect((await add(customer, part, 4)).lines[0]).toMatchObject({ problem: null, message: null });
    expect((await add(customer, part, 5)).lines[0]).toMatchObject({
      problem: 'not-enough-stock',
      message: 'Only 4 left',
    });
  });

  it('leaves the cart as it is when asked to remove a part that is not in it, or no part at all', async () => {
    const { customer } = await aCartOfThree();
    const other = await makePart(t.app.database.db);
    for (const partId of [other.id, 'not-a-part']) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/cart/lines/${partId}`,
        headers: customer.bearer,
      });
      expect(res.statusCode, partId).toBe(200);
      expect(res.json<Cart>().lines.map((line) => line.name)).toEqual([
        'Brake kit',
        'Brake pads',
        'Brake disc',
      ]);
    }
  });

  it('says beside each line what stands in the way of ordering it', async () => {
    const { kit, pads, disc, customer } = await aCartOfThree();
    const gone = await makePart(t.app.database.db, { name: 'Old part' });
    const cheap = await makePart(t.app.database.db, { name: 'Wheel nut', priceCents: 500 });
    await add(customer, gone, gone.minOrder);
    await add(customer, cheap, cheap.minOrder);
    await setPart(kit.id, { stock: 0 });
    await setPart(pads.id, { minOrder: 6 });
    await setPart(disc.id, { stock: 1 });
    await setPart(gone.id, { archivedAt: new Date() });
    await setPart(cheap.id, { priceCents: 650 });

    const cart = await cartOf(customer);
    expect(cart.lines.map((line) => [line.name, line.problem, line.message])).toEqual([
      ['Brake kit', 'sold-out', 'Sold out'],
      ['Brake pads', 'below-minimum', orderQuantityHint(6, 20)],
      ['Brake disc', 'not-enough-stock', 'Only 1 left'],
      ['Old part', 'archived', 'No longer sold'],
      ['Wheel nut', 'price-changed', 'The price changed from $5.00 to $6.50'],
    ]);
    const nut = cart.lines[4];
    expect([nut?.unitPrice, nut?.shownUnitPrice]).toEqual([6.5, 5]);
  });
});

describe('POST /api/cart/merge', () => {
  it("adds a visitor's cart at sign-in, and the cart follows the customer to another device", async () => {
    const db = t.app.database.db;
    const kit = await makePart(db, { name: 'Brake kit', priceCents: 12_000, minOrder: 1 });
    const pads = await makePart(db, { name: 'Brake pads', priceCents: 2_550, minOrder: 1 });
    const archived = await makePart(db, { archivedAt: new Date() });
    const customer = await signUp(t.app, { password: 'secret123' });
    await add(customer, kit, 2);

    const merged = await t.app.inject({
      method: 'POST',
      url: '/api/cart/merge',
      headers: customer.bearer,
      payload: {
        lines: [
          // In both: the larger quantity stays.
          { partId: kit.id, quantity: 1, unitPrice: 120 },
          { partId: pads.id, quantity: 3, unitPrice: 25.5 },
          // No longer sold, or never was: left out.
          { partId: archived.id, quantity: 1, unitPrice: 1 },
          { partId: '00000000-0000-4000-8000-000000000000', quantity: 1, unitPrice: 1 },
        ],
      },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const lines = merged.json<Cart>().lines.map((line) => [line.name, line.quantity]);
    expect(lines).toEqual([
      ['Brake kit', 2],
      ['Brake pads', 3],
    ]);

    // Signing in on another device finds the same cart.
    const elsewhere = await signIn(t.app, customer.email, 'secret123');
    expect((await cartOf(elsewhere)).lines.map((line) => [line.name, line.quantity])).toEqual(
      lines,
    );
  });

  const merge = (
    customer: Caller,
    lines: { partId: string; quantity: number; unitPrice: number }[],
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cart/merge',
      headers: customer.bearer,
      payload: { lines },
    });

  it(`fills only the room left of ${CART_MAX_LINES} parts, where a part already in the cart takes none`, async () => {
    const db = t.app.database.db;
    const customer = await signUp(t.app);
    const held = await Promise.all(
      Array.from({ length: CART_MAX_LINES - 1 }, () => makePart(db, { minOrder: 1 })),
    );
    for (const part of held) await add(customer, part, 1);
    const [first] = held;
    if (!first) throw new Error('no part');
    const fits = await makePart(db, { name: 'Fits', minOrder: 1 });
    const noRoom = await makePart(db, { name: 'No room', minOrder: 1 });

    const res = await merge(customer, [
      { partId: first.id, quantity: 5, unitPrice: first.priceCents / 100 },
      { partId: fits.id, quantity: 1, unitPrice: fits.priceCents / 100 },
      { partId: noRoom.id, quantity: 1, unitPrice: noRoom.priceCents / 100 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { lines } = res.json<Cart>();
    expect(lines).toHaveLength(CART_MAX_LINES);
    expect(lines[0]).toMatchObject({ partId: first.id, quantity: 5 });
    expect(lines.map((line) => line.name)).toContain('Fits');
    expect(lines.map((line) => line.name)).not.toContain('No room');
  });

  it('keeps the largest quantity of a part the browser lists more than once', async () => {
    const customer = await signUp(t.app);
    const part = await makePart(t.app.database.db, { minOrder: 1, stock: 10 });
    const unitPrice = part.priceCents / 100;
    const res = await merge(
      customer,
      [1, 3, 2].map((quantity) => ({ partId: part.id, quantity, unitPrice })),
    );
    expect(res.json<Cart>().lines.map((line) => line.quantity)).toEqual([3]);
  });

  it('keeps the price shown with the first of two equal lines of a part', async () => {
    const customer = await signUp(t.app);
    const part = await makePart(t.app.database.db, { minOrder: 1, stock: 10, priceCents: 5_000 });
    // The same quantity, seen at two prices: the first line the browser sent stands.
    const res = await merge(customer, [
      { partId: part.id, quantity: 2, unitPrice: 40 },
      { partId: part.id, quantity: 2, unitPrice: 45 },
    ]);
    expect(res.json<Cart>().lines).toMatchObject([{ quantity: 2, shownUnitPrice: 40 }]);
  });

  it('leaves the cart as it is when the browser brings nothing still on sale', async () => {
    const { customer } = await aCartOfThree();
    const archived = await makePart(t.app.database.db, { archivedAt: new Date() });
    for (const lines of [[], [{ partId: archived.id, quantity: 1, unitPrice: 1 }]]) {
      const res = await merge(customer, lines);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Cart>().lines.map((line) => line.name)).toEqual([
        'Brake kit',
        'Brake pads',
        'Brake disc',
      ]);
    }
  });

  it(`refuses more than ${CART_MAX_LINES} lines at once`, async () => {
    const customer = await signUp(t.app);
    const lines = Array.from({ length: CART_MAX_LINES + 1 }, () => ({
      partId: '00000000-0000-4000-8000-000000000000',
      quantity: 1,
      unitPrice: 1,
    }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart/merge',
      headers: customer.bearer,
      payload: { lines },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(
      `A cart holds at most ${CART_MAX_LINES} parts`,
    );
  });
});

describe('POST /api/cart/checkout', () => {
  it('makes one order of a cart checked out four times at once, and tells the others which', async () => {
    const { kit, customer } = await aCartOfThree();
    const answers = await Promise.all(Array.from({ length: 4 }, () => checkout(customer)));
    const placed = answers.filter((answer) => answer.statusCode === 201);
    expect(placed).toHaveLength(1);
    const orderId = placed[0]?.json<{ insertedId: string }>().insertedId ?? '';
    for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'CART_CHECKED_OUT',
        message: `This cart was just checked out as order ${orderId}: see My Orders`,
      });
    }
    expect(await ordersOf(customer)).toHaveLength(1);
    expect(await stockOf(t.app, kit.id)).toBe(9);
  });

  it('answers a checkout sent again with its Idempotency-Key with the first order, not a second', async () => {
    const { kit, customer } = await aCartOfThree();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/cart/checkout',
        headers: { ...customer.bearer, 'idempotency-key': 'checkout-7f3c9a2e' },
        payload: { phone: '+1 555 0100', address: '1 Pit Lane' },
      });
    // Sent twice at once (a double click), then once more (a retry after a lost response).
    const [first, second] = await Promise.all([send(), send()]);
    const third = await send();
    for (const answer of [first, second, third]) expect(answer.statusCode, answer.body).toBe(201);
    const ids = [first, second, third].map(
      (answer) => answer.json<{ insertedId: string }>().insertedId,
    );
    expect(new Set(ids).size).toBe(1);
    expect(await ordersOf(customer)).toHaveLength(1);
    expect(await stockOf(t.app, kit.id)).toBe(9);
  });

  it('refuses an Idempotency-Key that is no key, and places nothing', async () => {
    const { customer } = await aCartOfThree();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart/checkout',
      headers: { ...customer.bearer, 'idempotency-key': 'a b' },
      payload: { phone: '+1 555 0100', address: '1 Pit Lane' },
    });
    expect(res.statusCode).toBe(400);
    expect(await ordersOf(customer)).toEqual([]);
  });

  it('places one order of every line, priced by the server, paid by one payment', async () => {
    const { kit, pads, disc, customer } = await aCartOfThree();
    const res = await checkout(customer);
    expect(res.statusCode, res.body).toBe(201);
    const { insertedId, order } = res.json<{ insertedId: string; order: Order }>();
    expect(order).toMatchObject({
      _id: insertedId,
      orderId: kit.id,
      order: 'Brake kit, Brake pads, Brake disc',
      price: 120 + 102 + 179.98,
      unitPrice: null,
      orderQuantity: 7,
      status: 'unpaid',
      phone: '+1 555 0100',
      address: '1 Pit Lane',
    });
    expect(order.lines).toEqual([
      { partId: kit.id, name: 'Brake kit', unitPrice: 120, quantity: 1, price: 120 },
      { partId: pads.id, name: 'Brake pads', unitPrice: 25.5, quantity: 4, price: 102 },
      { partId: disc.id, name: 'Brake disc', unitPrice: 89.99, quantity: 2, price: 179.98 },
    ]);
    expect([
      await stockOf(t.app, kit.id),
      await stockOf(t.app, pads.id),
      await stockOf(t.app, disc.id),
    ]).toEqual([9, 16, 3]);
    // The lines ordered have left the cart.
    expect(await cartOf(customer)).toEqual({ lines: [], total: 0 });

    // One payment, for the order's total.
    const paymentId = await chargedPaymentId(t.app, customer, insertedId);
    expect((await recordPayment(t.app, customer, insertedId, paymentId)).statusCode).toBe(200);
    const [mine] = await ordersOf(customer);
    expect(mine).toMatchObject({ _id: insertedId, payment: 'paid', status: 'pending' });
    expect(mine?.lines).toHaveLength(3);

    // The receipt names every line.
    const mails = await t.app.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, customer.email));
    const placed = mails.find((mail) => mail.kind === 'order-placed');
    expect(placed?.data).toMatchObject({
      order: {
        lines: [
          { partName: 'Brake kit', quantity: 1, totalCents: 12_000 },
          { partName: 'Brake pads', quantity: 4, totalCents: 10_200 },
          { partName: 'Brake disc', quantity: 2, totalCents: 17_998 },
        ],
      },
    });
  });

  it('refuses the whole cart when one line sold out meanwhile, naming it, and reserves nothing', async () => {
    const { kit, pads, disc, customer } = await aCartOfThree();
    await setPart(pads.id, { stock: 0 });
    const res = await checkout(customer);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Brake pads has just sold out',
      partId: pads.id,
    });
    expect([
      await stockOf(t.app, kit.id),
      await stockOf(t.app, pads.id),
      await stockOf(t.app, disc.id),
    ]).toEqual([10, 0, 5]);
    expect(await t.app.database.db.select().from(orders)).toEqual([]);
    expect((await cartOf(customer)).lines).toHaveLength(3);
  });

  it.each([
    [
      'a part no longer sold',
      { archivedAt: new Date() },
      'Brake disc is no longer sold: remove it from your cart',
    ],
    ['too few for the minimum order', { minOrder: 3 }, `Brake disc: ${orderQuantityHint(3, 5)}`],
    ['more than the stock', { stock: 1 }, 'Brake disc: Not enough stock: only 1 left'],
    [
      'a price changed since it was added',
      { priceCents: 9_499 },
      'The price of Brake disc is now $94.99 (it was $89.99 when you added it): check your cart and order again',
    ],
    [
      'a price changed on a line that takes all the stock left',
      { priceCents: 9_499, stock: 2 },
      'The price of Brake disc is now $94.99 (it was $89.99 when you added it): check your cart and order again',
    ],
  ])('refuses a cart with %s, naming the line', async (_, change, message) => {
    const { kit, disc, customer } = await aCartOfThree();
    await setPart(disc.id, change);
    const res = await checkout(customer);
    expect(res.json()).toEqual({ statusCode: 409, error: 'Conflict', message, partId: disc.id });
    expect(await stockOf(t.app, kit.id)).toBe(10);
    expect(await t.app.database.db.select().from(orders)).toEqual([]);
  });

  it('refuses a cart whose lines together total more than one order can, and reserves nothing', async () => {
    const db = t.app.database.db;
    const engine = await makePart(db, {
      name: 'Race engine',
      priceCents: 60_000_000,
      stock: 3,
      minOrder: 1,
    });
    const gearbox = await makePart(db, {
      name: 'Race gearbox',
      priceCents: 50_000_000,
      stock: 3,
      minOrder: 1,
    });
    const customer = await signUp(t.app);
    await add(customer, engine, 1);
    await add(customer, gearbox, 1);
    // Each line is within the largest total on its own; together they are $1,100,000.00.
    expectRefused(
      await checkout(customer),
      400,
      'One order can total at most $999,999.99: order fewer',
    );
    expect([await stockOf(t.app, engine.id), await stockOf(t.app, gearbox.id)]).toEqual([3, 3]);
    expect(await db.select().from(orders)).toEqual([]);
    expect((await cartOf(customer)).lines).toHaveLength(2);
  });

  it('takes the new price once the customer has seen it in the cart', async () => {
    const { disc, customer } = await aCartOfThree();
    await setPart(disc.id, { priceCents: 9_499 });
    expect((await checkout(customer)).statusCode).toBe(409);
    await put(customer, disc.id, 2, 94.99);
    const res = await checkout(customer);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ order: Order }>().order.lines[2]).toMatchObject({
      name: 'Brake disc',
      unitPrice: 94.99,
      price: 189.98,
    });
  });

  it('says an empty cart is empty', async () => {
    const customer = await signUp(t.app);
    expectRefused(await checkout(customer), 409, 'Your cart is empty');
  });

  it("returns every line's stock when the order is cancelled, deleted or expires", async () => {
    const admin = await signUpAdmin(t.app, { email: 'boss@example.com' });
    const stocks = async (ids: string[]) => Promise.all(ids.map((id) => stockOf(t.app, id)));
    for (const end of ['cancel', 'delete', 'expire'] as const) {
      const { kit, pads, disc, customer } = await aCartOfThree();
      const ids = [kit.id, pads.id, disc.id];
      const placed = await checkout(customer);
      const orderId = placed.json<{ insertedId: string }>().insertedId;
      expect(await stocks(ids)).toEqual([9, 16, 3]);
      if (end === 'cancel') {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/orders/${orderId}/cancel`,
          headers: customer.bearer,
        });
        expect(res.statusCode, res.body).toBe(200);
      } else if (end === 'delete') {
        const res = await t.app.inject({
          method: 'DELETE',
          url: `/api/allorders/${orderId}`,
          headers: admin.bearer,
        });
        expect(res.json()).toEqual({ deletedCount: 1 });
      } else {
        await t.app.database.db
          .update(orders)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(orders.id, orderId));
        expect(await t.app.orders.expireUnpaidOrders()).toEqual({ expired: 1, paid: 0 });
      }
      expect(await stocks(ids), end).toEqual([10, 20, 5]);
    }
  });

  // Fifty sign-ups hash fifty passwords: this test takes its time on a busy machine.
  it(
    'never oversells a part when 50 overlapping carts check out at once',
    { timeout: 180_000 },
    async () => {
      const db = t.app.database.db;
      const STOCK = 30;
      const shelf = await Promise.all(
        ['A', 'B', 'C', 'D'].map((name) =>
          makePart(db, { name: `Part ${name}`, stock: STOCK, minOrder: 1, priceCents: 1_000 }),
        ),
      );
      const customers = await Promise.all(Array.from({ length: 50 }, () => signUp(t.app)));
      // Each cart holds three of the four parts, from a different one on, one to three of each.
      const accounts = await db.select({ id: users.id, email: users.email }).from(users);
      const idOf = new Map(accounts.map((account) => [account.email, account.id]));
      await db.insert(cartLines).values(
        customers.flatMap((customer, n) =>
          [0, 1, 2].map((k) => {
            const part = shelf[(n + k) % shelf.length] as PartRow;
            return {
              userId: idOf.get(customer.email) ?? '',
              partId: part.id,
              quantity: 1 + ((n + k) % 3),
              shownUnitPriceCents: part.priceCents,
              // Added in a different order in each cart.
              addedAt: new Date(Date.now() - ((n * 7 + k * 13) % 50) * 1000),
            };
          }),
        ),
      );
      const answers = await Promise.all(customers.map(checkout));
      for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
      const placed = answers.flatMap((answer, n) =>
        answer.statusCode === 201
          ? [{ customer: customers[n], order: answer.json<{ order: Order }>().order }]
          : [],
      );
      expect(placed.length).toBeGreaterThan(0);
      // What held orders hold and the shelf add up to the stock; the last minimum order of a
      // part is never held (decision 022).
      const unitsOf = (orders: Order[], partId: string) =>
        orders
          .flatMap((order) => order.lines)
          .filter((line) => line.partId === partId)
          .reduce((sum, line) => sum + line.quantity, 0);
      const heldOrders = placed.map(({ order }) => order).filter((order) => order.held);
      for (const part of shelf) {
        const left = (await stockOf(t.app, part.id)) ?? 0;
        expect(left, part.name).toBeGreaterThanOrEqual(part.minOrder);
        expect(left + unitsOf(heldOrders, part.id), part.name).toBe(STOCK);
      }
      // A refused cart is still whole; an ordered one is empty.
      const inCarts = await db.select().from(cartLines);
      expect(inCarts).toHaveLength((50 - placed.length) * 3);

      // Every order paid at once: what is sold never passes the stock, and the rest is refunded.
      const paid = await Promise.all(
        placed.map(async ({ customer, order }) => {
          if (!customer) throw new Error('no customer');
          const paymentId = await chargedPaymentId(t.app, customer, order._id);
          const res = await recordPayment(t.app, customer, order._id, paymentId);
          expect([200, 409]).toContain(res.statusCode);
          return res.statusCode === 200 ? [order] : [];
        }),
      );
      for (const part of shelf) {
        const left = (await stockOf(t.app, part.id)) ?? 0;
        expect(left, part.name).toBeGreaterThanOrEqual(0);
        expect(left + unitsOf(paid.flat(), part.id), part.name).toBe(STOCK);
      }
    },
  );
});
