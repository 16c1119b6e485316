import {
  type Cart,
  type CartLineChange as CartLineChangeJson,
  type CartLineInput,
  centsToDollars,
  dollarsToCents,
} from '@apex/contract';

import type { CartItem, CartLineChange } from './service';

/** The cart as the API shows it: prices in dollars, as everywhere on the wire. */
export function toCartJson(items: CartItem[]): Cart {
  return {
    lines: items.map((item) => ({
      partId: item.partId,
      name: item.name,
      image: item.image,
      quantity: item.quantity,
      unitPrice: centsToDollars(item.unitPriceCents),
      shownUnitPrice: centsToDollars(item.shownUnitPriceCents),
      minOrder: item.minOrder,
      stock: item.stock,
      problem: item.problem?.kind ?? null,
      message: item.problem?.message ?? null,
    })),
    total: centsToDollars(
      items.reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0),
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
