import { describe, expect, it } from 'vitest';

import { centsToDollars, dollarsToCents } from './money';

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
    expect(() => dollarsToCents(1.005)).toThrow(RangeError);
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
    // Amounts far below a cent are not "0 cents plus float noise".
    expect(() => dollarsToCents(1e-9)).toThrow(RangeError);
    expect(dollarsToCents(999_999.99)).toBe(99_999_999);
    expect(() => centsToDollars(1.5)).toThrow(RangeError);
  });
});
