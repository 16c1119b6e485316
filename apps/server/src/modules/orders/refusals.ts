// The words of an order refused as it is placed: each says what the customer can do about it.
import { httpErrors } from '@fastify/sensible';
import { eq } from 'drizzle-orm';

import { formatCents, MAX_ORDER_TOTAL_CENTS, orderQuantityHint } from '@apex/contract';

import type { Transaction } from '../../db/client';
import { parts } from '../../db/schema';
import { lineError } from '../../plugins/errors';
import type { LineRequest } from './order-request';

export const TOTAL_TOO_LARGE = `One order can total at most ${formatCents(MAX_ORDER_TOTAL_CENTS)}: order fewer`;

/** The refusal of an order past the customer's cap on unpaid orders. */
export const capReached = (holding: number) =>
  httpErrors.conflict(
    `You have ${holding} unpaid ${holding === 1 ? 'order' : 'orders'}: pay or cancel one first`,
  );

/**
 * Why a line could not be reserved, as the part is now. An order from the spec's form answers
 * in the spec's words; a cart's names the part, and the answer carries its id.
 */
export async function lineRefusal(
  tx: Transaction,
  line: LineRequest,
  fromCart: boolean,
): Promise<Error> {
  const [part] = await tx.select().from(parts).where(eq(parts.id, line.partId));
  const refuse = (status: 400 | 409, message: string) =>
    fromCart && part
      ? lineError(status, `${part.name}: ${message}`, line.partId)
      : httpErrors.createError(status, message);
  if (!part || part.archivedAt) {
    return fromCart && part
      ? lineError(409, `${part.name} is no longer sold: remove it from your cart`, line.partId)
      : httpErrors.notFound('There is no part with this id in the catalogue');
  }
  if (line.quantity < part.minOrder) {
    return refuse(fromCart ? 409 : 400, orderQuantityHint(part.minOrder, part.stock));
  }
  if (part.priceCents * line.quantity > MAX_ORDER_TOTAL_CENTS) return refuse(400, TOTAL_TOO_LARGE);
  if (part.stock < line.quantity) {
    if (part.stock === 0) {
      return fromCart
        ? lineError(409, `${part.name} has just sold out`, line.partId)
        : httpErrors.conflict('This part has just sold out');
    }
    return refuse(409, `Not enough stock: only ${part.stock} left`);
  }
  return lineError(
    409,
    `The price of ${part.name} is now ${formatCents(part.priceCents)} (it was ${formatCents(
      line.shownUnitPriceCents ?? part.priceCents,
    )} when you added it): check your cart and order again`,
    line.partId,
  );
}
