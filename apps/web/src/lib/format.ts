const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Dollars as the shop shows them: $1,849.00. */
export function formatPrice(dollars: number): string {
  return usd.format(dollars);
}
