import { describe, expect, it } from 'vitest';

import { centsToDollars, dollarsToCents, formatCents, isWholeCents } from './money';

describe('money', () => {
  it('turns cents into the dollars the API shows', () => {
    expect(centsToDollars(389900)).toBe(3899);
    expect(centsToDollars(18950)).toBe(189.5);
    expect(centsToDollars(1)).toBe(0.01);
  });

  it('turns dollars with up to two decimals into exact cents, despite float noise', () => {
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(1234.5)).toBe(123450);
  });

  it('refuses amounts that are not whole cents instead of silently rounding', () => {
    expect(() => dollarsToCents(1.005)).toThrow(
      new RangeError('Not a dollar amount with at most two decimals: 1.005'),
    );
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
    // Amounts far below a cent are not "0 cents plus float noise".
    expect(() => dollarsToCents(1e-9)).toThrow(RangeError);
    expect(dollarsToCents(999_999.99)).toBe(99_999_999);
    expect(() => centsToDollars(1.5)).toThrow(new RangeError('Not a whole number of cents: 1.5'));
  });

  it('a price of $32.02 is accepted as 3202 cents', () => {
    // 32.02 * 100 is 3202.0000000000005 in floating point: noise, not a fraction of a cent.
    expect(isWholeCents(32.02)).toBe(true);
    expect(dollarsToCents(32.02)).toBe(3202);
  });

  it('a price of $131,072.02 is accepted as 13,107,202 cents', () => {
    // Above $131,072 the float noise of a whole-cent price exceeds a fixed 1e-9 cents.
    expect(isWholeCents(131_072.02)).toBe(true);
    expect(dollarsToCents(131_072.02)).toBe(13_107_202);
  });

  /** The amounts (in cents) that do not survive the trip dollars → cents, the first few of them. */
  const refusedOrChanged = (amounts: Iterable<number>) => {
    const wrong: number[] = [];
    for (const cents of amounts) {
      // cents / 100 is the very number a typed "32.02" parses to: both are the nearest double.
      const dollars = cents / 100;
      if (!isWholeCents(dollars) || dollarsToCents(dollars) !== cents) wrong.push(dollars);
    }
    return { count: wrong.length, first: wrong.slice(0, 5) };
  };

  it('every whole-cent amount from $0.01 to $10,000.00 converts to exactly its cents', () => {
    function* everyCent() {
      for (let cents = 1; cents <= 1_000_000; cents++) yield cents;
    }
    expect(refusedOrChanged(everyCent())).toEqual({ count: 0, first: [] });
  });

  it('prices up to $999,999.99 convert to exactly their cents', () => {
    // Every whole dollar amount, each with its own number of cents ($1.01, $2.02 … $999,999.99):
    // all of them would take some 100 million checks.
    function* everyDollarWithSomeCents() {
      for (let dollars = 1; dollars <= 999_999; dollars++) yield dollars * 100 + (dollars % 100);
    }
    expect(refusedOrChanged(everyDollarWithSomeCents())).toEqual({ count: 0, first: [] });
  });

  it('refuses fractions of a cent on large amounts instead of rounding them away', () => {
    expect(isWholeCents(999_999.9805)).toBe(false);
    expect(isWholeCents(100_000.00005)).toBe(false);
    expect(() => dollarsToCents(999_999.9805)).toThrow(RangeError);
  });
});

describe('formatCents', () => {
  it('says an amount as the shop shows it everywhere: dollars, cents, thousands grouped', () => {
    expect(formatCents(184_900)).toBe('$1,849.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(99_999_999)).toBe('$999,999.99');
  });
});
