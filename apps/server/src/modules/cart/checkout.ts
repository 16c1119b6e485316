import { httpErrors } from '@fastify/sensible';
import { and, asc, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';

import { CART_CHECKED_OUT } from '@apex/contract';

import type { Database, Transaction } from '../../db/client';
import { cartLines, orders, type OrderWithLines } from '../../db/schema';
import type { Viewer } from '../../lib/identity';
import { codedError } from '../../plugins/errors';

/**
 * The orders module's one way of placing an order, which services.ts hands the cart: every line
 * reserved or none, and `alongWith` done in the order's transaction.
 */
export type PlaceOrder = (
  viewer: Viewer,
  request: {
    lines: { partId: string; quantity: number; shownUnitPriceCents: number }[];
    phone: string;
    address: string;
    fromCart: true;
    idempotencyKey: string | undefined;
  },
  alongWith: (tx: Transaction, order: OrderWithLines) => Promise<void>,
) => Promise<OrderWithLines>;

/** The cart's checkout: its lines become one order, placed by the orders module. */
export function createCheckout(db: Database, placeOrder: PlaceOrder) {
  return {
    /**
     * One order of every line in the cart, at the prices the customer was shown: the orders
     * module reserves them all or none, and the lines ordered leave the cart in the same
     * transaction, so a cart is never both ordered and still full. Two checkouts of one cart at
     * once make one order: the second finds the lines gone when its turn comes (the order's
     * transaction locks the customer first) and is refused, naming the order; the same request
     * sent again with its `Idempotency-Key` gets that order back.
     */
    async checkout(
      viewer: Viewer,
      where: { phone: string; address: string },
      idempotencyKey?: string,
    ): Promise<OrderWithLines> {
      const lines = await db
        .select()
        .from(cartLines)
        .where(eq(cartLines.userId, viewer.id))
        .orderBy(asc(cartLines.addedAt), asc(cartLines.partId));
      if (lines.length === 0 && !idempotencyKey) throw await checkedOutAlready(db, viewer);
      return placeOrder(
        viewer,
        {
          lines: lines.map(({ partId, quantity, shownUnitPriceCents }) => ({
            partId,
            quantity,
            shownUnitPriceCents,
          })),
          ...where,
          fromCart: true,
          idempotencyKey,
        },
        async (tx, order) => {
          const left = await tx
            .delete(cartLines)
            .where(
              and(
                eq(cartLines.userId, viewer.id),
                inArray(
                  cartLines.partId,
                  order.lines.map((line) => line.partId),
                ),
              ),
            )
            .returning({ partId: cartLines.partId });
          if (left.length < order.lines.length) {
            throw await checkedOutAlready(tx, viewer, order.id);
          }
        },
      );
    },
  };
}

/**
 * The refusal of a checkout of an empty cart: when the customer placed an order in the last few
 * minutes (another checkout of the same cart, which this one waited for), it names that order.
 */
async function checkedOutAlready(
  db: Database | Transaction,
  viewer: Viewer,
  exceptOrderId?: string,
) {
  const [earlier] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, viewer.id),
        exceptOrderId ? ne(orders.id, exceptOrderId) : undefined,
        gt(orders.createdAt, sql`now() - interval '10 minutes'`),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  if (!earlier) return httpErrors.conflict('Your cart is empty');
  return codedError(
    409,
    `This cart was just checked out as order ${earlier.id}: see My Orders`,
    CART_CHECKED_OUT,
  );
}
