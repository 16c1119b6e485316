import { describe, expect, it } from 'vitest';

import { OrderParamsSchema, PlaceOrderSchema } from './orders';
import { problems } from './testing/field-problems';

/** What the order form sends, with any field changed. */
const makeOrderInput = (overrides: Record<string, unknown> = {}) => ({
  orderId: 'part-1',
  orderQuantity: 3,
  phone: '+1 555 0100',
  address: '1 Pit Lane, Monza',
  ...overrides,
});
const placeOrder = (overrides: Record<string, unknown> = {}) =>
  PlaceOrderSchema.safeParse(makeOrderInput(overrides));

describe('the order form', () => {
  it('an order of a part with a quantity, a phone and an address is accepted as typed', () => {
    expect(PlaceOrderSchema.parse(makeOrderInput())).toEqual(makeOrderInput());
  });

  it('spaces around the part id, the phone and the address are dropped', () => {
    const order = PlaceOrderSchema.parse(
      makeOrderInput({ orderId: '  part-1 ', phone: ' +1 555 0100\t', address: '\n1 Pit Lane  ' }),
    );
    expect(order).toMatchObject({ orderId: 'part-1', phone: '+1 555 0100', address: '1 Pit Lane' });
  });

  it('an order without a part asks to "Choose a part"', () => {
    expect(problems(placeOrder({ orderId: '' }))).toEqual({ orderId: ['Choose a part'] });
    expect(problems(placeOrder({ orderId: '   ' }))).toEqual({ orderId: ['Choose a part'] });
  });

  it('a part id of 64 characters is accepted, even with spaces around it; 65 are refused', () => {
    const id = 'p'.repeat(64);
    expect(PlaceOrderSchema.parse(makeOrderInput({ orderId: ` ${id} ` })).orderId).toBe(id);
    expect(Object.keys(problems(placeOrder({ orderId: `${id}p` })))).toEqual(['orderId']);
  });

  it('a missing or non-numeric quantity asks to "Enter a quantity"', () => {
    for (const orderQuantity of [undefined, Number.NaN, Number.POSITIVE_INFINITY, '3']) {
      expect(problems(placeOrder({ orderQuantity })), String(orderQuantity)).toEqual({
        orderQuantity: ['Enter a quantity'],
      });
    }
  });

  it('a quantity of 0 or less asks for "a quantity of at least 1"', () => {
    for (const orderQuantity of [0, -1]) {
      expect(problems(placeOrder({ orderQuantity })), `${orderQuantity}`).toEqual({
        orderQuantity: ['Enter a quantity of at least 1'],
      });
    }
    expect(placeOrder({ orderQuantity: 1 }).success).toBe(true);
  });

  it('a quantity that is not whole asks for "a whole number"', () => {
    for (const orderQuantity of [1.5, 0.5]) {
      expect(problems(placeOrder({ orderQuantity })), `${orderQuantity}`).toEqual({
        orderQuantity: ['Enter a whole number'],
      });
    }
  });

  it('a quantity of 1,000,000 is accepted; 1,000,001 is refused in words that say the limit', () => {
    expect(placeOrder({ orderQuantity: 1_000_000 }).success).toBe(true);
    expect(problems(placeOrder({ orderQuantity: 1_000_001 }))).toEqual({
      orderQuantity: ['Enter a quantity of at most 1,000,000'],
    });
  });

  it('the phone and the address may be left out: they are empty', () => {
    const order = PlaceOrderSchema.parse({ orderId: 'part-1', orderQuantity: 3 });
    expect(order).toMatchObject({ phone: '', address: '' });
  });

  it('a phone of 40 characters is accepted, even with spaces around it; 41 are refused', () => {
    const phone = '5'.repeat(40);
    expect(PlaceOrderSchema.parse(makeOrderInput({ phone: `  ${phone}  ` })).phone).toBe(phone);
    expect(problems(placeOrder({ phone: `${phone}5` }))).toEqual({
      phone: ['Phone must be 40 characters or fewer'],
    });
  });

  it('an address of 500 characters is accepted, even with spaces around it; 501 are refused', () => {
    const address = 'a'.repeat(500);
    expect(PlaceOrderSchema.parse(makeOrderInput({ address: `\n${address} ` })).address).toBe(
      address,
    );
    expect(problems(placeOrder({ address: `${address}a` }))).toEqual({
      address: ['Address must be 500 characters or fewer'],
    });
  });

  it("the price, the part's name, the customer and the paid flag sent by a client are ignored", () => {
    const order = PlaceOrderSchema.parse(
      makeOrderInput({
        price: 0.01,
        order: 'Free turbo',
        userEmail: 'someone@example.com',
        userName: 'Someone',
        payment: 'paid',
      }),
    );
    expect(Object.keys(order).sort()).toEqual(['address', 'orderId', 'orderQuantity', 'phone']);
  });
});

describe('order ids', () => {
  it('an order id of 64 characters is accepted in an address; 65 are refused', () => {
    expect(OrderParamsSchema.safeParse({ id: 'o'.repeat(64) }).success).toBe(true);
    expect(OrderParamsSchema.safeParse({ id: 'o'.repeat(65) }).success).toBe(false);
  });
});
