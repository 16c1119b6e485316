/**
 * Money is integer cents everywhere inside the shop; the API speaks dollars (the spec's `price`).
 * These two functions are the only place where one becomes the other.
 */
export function centsToDollars(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  return cents / 100;
}

/** True for a finite dollar amount with at most two decimals (0.1 + 0.2 style float noise is fine). */
export function isWholeCents(dollars: number): boolean {
  return Number.isFinite(dollars) && Math.abs(Math.round(dollars * 100) - dollars * 100) <= 1e-6;
}

/** Converts a dollar amount with at most two decimals; anything finer is a caller's bug, not rounding. */
export function dollarsToCents(dollars: number): number {
  if (!isWholeCents(dollars)) {
    throw new RangeError(`Not a dollar amount with at most two decimals: ${dollars}`);
  }
  return Math.round(dollars * 100);
}
