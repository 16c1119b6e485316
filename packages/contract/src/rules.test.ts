import { describe, expect, it } from 'vitest';

import { centsToDollars } from './money';
import {
  isOrderQuantityAllowed,
  MAX_ORDER_TOTAL_CENTS,
  messages,
  orderQuantityHint,
  PART_IMAGE_MAX_BYTES,
  PART_IMAGE_TYPES,
} from './rules';

describe('order quantity', () => {
  // A part with a minimum order of 5 and 40 in stock.
  const canOrder = (quantity: number) => isOrderQuantityAllowed(quantity, 5, 40);

  it('the minimum order, the whole stock and anything between can be ordered', () => {
    for (const quantity of [5, 6, 20, 39, 40]) expect(canOrder(quantity), `${quantity}`).toBe(true);
  });

  it('one below the minimum order or one above the stock cannot be ordered', () => {
    for (const quantity of [4, 41, 0, -5]) expect(canOrder(quantity), `${quantity}`).toBe(false);
  });

  it('a quantity that is not a whole number cannot be ordered', () => {
    for (const quantity of [5.5, 39.99, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(canOrder(quantity), `${quantity}`).toBe(false);
    }
  });

  it('a part whose stock equals its minimum order can be ordered in exactly that quantity', () => {
    expect(isOrderQuantityAllowed(10, 10, 10)).toBe(true);
    expect(isOrderQuantityAllowed(9, 10, 10)).toBe(false);
    expect(isOrderQuantityAllowed(11, 10, 10)).toBe(false);
  });

  it('a part with less stock than its minimum order cannot be ordered at all', () => {
    for (let quantity = 0; quantity <= 20; quantity++) {
      expect(isOrderQuantityAllowed(quantity, 10, 3), `${quantity}`).toBe(false);
    }
  });

  it("the hint names the minimum order and the stock in the spec's words", () => {
    expect(orderQuantityHint(5, 40)).toBe('Minimum Order is 5 and Maximum order is 40');
    expect(orderQuantityHint(1, 1)).toBe('Minimum Order is 1 and Maximum order is 1');
  });
});

describe('shop limits', () => {
  it('one order can total at most $999,999.99, what a card payment can carry', () => {
    expect(centsToDollars(MAX_ORDER_TOTAL_CENTS)).toBe(999_999.99);
  });

  it('part pictures may be PNG, JPEG or WebP files of up to 2 MiB', () => {
    expect([...PART_IMAGE_TYPES].sort()).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect(PART_IMAGE_MAX_BYTES).toBe(2_097_152);
  });

  it("the form messages are the spec's, word for word", () => {
    expect(messages).toEqual({
      emailRequired: 'Email is required',
      emailInvalid: 'provide a valid email',
      passwordRequired: 'Password is required',
      passwordTooShort: 'Must be 8 characters or longer',
      signInPasswordTooShort: 'Must be 6 characters or longer',
      passwordBlank: 'Must be more than spaces',
      passwordTooCommon: 'This password is too common: choose another',
      nameRequired: 'Name is required',
      ratingRange: 'Value Must be between 1 to 5',
    });
  });
});
