import type { Cart as CartJson } from '@apex/contract';

import { apiRequest } from '@/lib/api';
import type { Cart } from '@/lib/shop';

import { fromCartJson, toCartLineJson } from './cart-json';

const linePath = (partId: string) => `/cart/lines/${encodeURIComponent(partId)}`;

/**
 * Adds a part to the signed-in customer's cart, or sets its line (`PUT /cart/lines/:partId`), at
 * the unit price the customer was shown; answers the whole cart.
 */
export async function putCartLine(
  partId: string,
  quantity: number,
  shownUnitPriceCents: number,
): Promise<Cart> {
  const body = toCartLineJson(quantity, shownUnitPriceCents);
  return fromCartJson(await apiRequest<CartJson>('PUT', linePath(partId), body, { auth: true }));
}

/** Takes a part out of the signed-in customer's cart (`DELETE /cart/lines/:partId`). */
export async function deleteCartLine(partId: string): Promise<Cart> {
  return fromCartJson(
    await apiRequest<CartJson>('DELETE', linePath(partId), undefined, { auth: true }),
  );
}
