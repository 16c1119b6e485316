/**
 * Money is integer cents everywhere inside the shop; the API speaks dollars (the spec's `price`).
 * These two functions are the only place where one becomes the other.
 */
export function centsToDollars(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  return cents / 100;
}

/**
 * Float noise allowed per cent of the amount. A whole-cent amount times 100 is off by a few
 * units of the last place (about 1e-16 of it); a millionth of a cent on $1,000,000 is still
 * 10,000 times that, while a price such as $999,999.9805 is refused, not rounded.
 */
const FLOAT_NOISE = 1e-12;

/**
 * True for a finite dollar amount with at most two decimals. Float noise (0.1 + 0.2) is allowed
 * in proportion to the amount, so a tiny amount such as 1e-9 is not mistaken for whole cents.
 */
export function isWholeCents(dollars: number): boolean {
  if (!Number.isFinite(dollars)) return false;
  const cents = dollars * 100;
  return Math.abs(Math.round(cents) - cents) <= FLOAT_NOISE * Math.max(1, Math.abs(cents));
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * Whole cents as the shop shows and says them, on its pages, in its mails and in its answers:
 * 184900 → $1,849.00.
 */
export function formatCents(cents: number): string {
  return usd.format(centsToDollars(cents));
}

/** Converts a dollar amount with at most two decimals; anything finer is a caller's bug, not rounding. */
export function dollarsToCents(dollars: number): number {
  if (!isWholeCents(dollars)) {
    throw new RangeError(`Not a dollar amount with at most two decimals: ${dollars}`);
  }
  return Math.round(dollars * 100);
}
