import {
  type Cart,
  type CartLineChange as CartLineChangeJson,
  type CartLineInput,
  centsToDollars,
  dollarsToCents,
} from '@apex/contract';

import type { CartLine, CartLineChange } from './service';

/** The cart as the API shows it: prices in dollars, as everywhere on the wire. */
export function toCartJson(lines: CartLine[]): Cart {
  return {
    lines: lines.map((line) => ({
      partId: line.partId,
      name: line.name,
      image: line.image,
      quantity: line.quantity,
      unitPrice: centsToDollars(line.unitPriceCents),
      shownUnitPrice: centsToDollars(line.shownUnitPriceCents),
      minOrder: line.minOrder,
      stock: line.stock,
      problem: line.problem?.kind ?? null,
      message: line.problem?.message ?? null,
    })),
    total: centsToDollars(
      lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0),
    ),
  };
}

export function fromCartLineJson(line: CartLineInput): CartLineChange {
  return fromCartLineChangeJson(line.partId, line);
}

export function fromCartLineChangeJson(partId: string, line: CartLineChangeJson): CartLineChange {
  return {
    partId,
    quantity: line.quantity,
    shownUnitPriceCents: dollarsToCents(line.unitPrice),
  };
}
