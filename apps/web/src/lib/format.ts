// The zod-free entry: this module is in every page's first load.
import { centsToDollars } from '@apex/contract/money';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Whole cents as the shop shows them: 184900 → $1,849.00. */
export function formatCents(cents: number): string {
  return usd.format(centsToDollars(cents));
}
