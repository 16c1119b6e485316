import type { Cart as CartJson, CartLineChange } from '@apex/contract';
// The zod-free entry: the navbar's cart badge reads the cart on every page's first load.
import { centsToDollars, dollarsToCents } from '@apex/contract/money';

import type { Cart } from '@/lib/shop';

/** The one place the web app reads the cart's wire names and dollars. */
export function fromCartJson(json: CartJson): Cart {
  return {
    lines: json.lines.map((line) => ({
      partId: line.partId,
      name: line.name,
      image: line.image,
      quantity: line.quantity,
      unitPriceCents: dollarsToCents(line.unitPrice),
      shownUnitPriceCents: dollarsToCents(line.shownUnitPrice),
      minOrder: line.minOrder,
      stock: line.stock,
      problem: line.problem,
      message: line.message,
    })),
    totalCents: dollarsToCents(json.total),
  };
}

/** A line as the cart's calls take it: how many, and the unit price the customer was shown. */
export const toCartLineJson = (quantity: number, shownUnitPriceCents: number): CartLineChange => ({
  quantity,
  unitPrice: centsToDollars(shownUnitPriceCents),
});
