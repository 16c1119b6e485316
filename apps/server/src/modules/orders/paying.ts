import { httpErrors } from '@fastify/sensible';
import { and, eq, isNull } from 'drizzle-orm';

import { orders, type OrderWithLines } from '../../db/schema';
import type { Viewer } from '../../lib/identity';
import {
  assertPayable,
  EXPIRED,
  isStillPayable,
  noLongerPayable,
  type OrdersContext,
  SOLD_OUT_REFUNDED,
  whyNotPayable,
} from './context';
import { holds, takeUnits, unitsByPart } from './stock';

/** Thrown inside a hold's transaction to roll it back: a part cannot be held after all. */
class NotHeld extends Error {}

/**
 * An order's side of its payment, as the payments module asks for it: the order's state, its
 * stock and whether it is paid stay decided here; the processor's word is the payments module's.
 */
export function createPaying({
  db,
  findOrder,
  findOwnOrder,
  recordPayment,
  onStockChanged,
}: OrdersContext) {
  /**
   * An order placed when its parts could not be held is held now, as its customer starts
   * paying, if that leaves a minimum order of each part on the shelf (decision 022); else it
   * stays as it was.
   */
  async function holdIfPossible(order: OrderWithLines): Promise<void> {
    const held = await db
      .transaction(async (tx) => {
        const [claimed] = await tx
          .update(orders)
          .set({ holdsStock: true, updatedAt: new Date() })
          .where(
            and(
              eq(orders.id, order.id),
              eq(orders.status, 'unpaid'),
              eq(orders.holdsStock, false),
              isStillPayable,
            ),
          )
          .returning({ id: orders.id });
        if (!claimed) return false;
        for (const [partId, quantity] of unitsByPart(order.lines)) {
          const [part] = await takeUnits(tx, partId, quantity, holds(quantity, null));
          if (!part) throw new NotHeld();
        }
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof NotHeld) return false;
        throw error;
      });
    if (held) onStockChanged();
  }

  return {
    findOrder,
    recordPayment,

    /**
     * The caller's own order, as its customer starts paying: refused when it expired or was
     * cancelled, and held now if it can be.
     */
    async orderToPay(viewer: Viewer, id: string): Promise<OrderWithLines> {
      const order = await findOwnOrder(viewer, id);
      assertPayable(order);
      if (!order.holdsStock) await holdIfPossible(order);
      return order;
    },

    /**
     * Remembers the order's payment intent, only while the order still waits for payment, so a
     * retry reuses it. Answers null once the intent is the order's, else why the order can no
     * longer be paid (it expired, or was cancelled, or paid, while the intent was made).
     */
    async attachPaymentIntent(orderId: string, intentId: string): Promise<string | null> {
      const [attached] = await db
        .update(orders)
        .set({ paymentIntentId: intentId, updatedAt: new Date() })
        .where(
          and(
            eq(orders.id, orderId),
            eq(orders.status, 'unpaid'),
            isStillPayable,
            isNull(orders.paymentIntentId),
          ),
        )
        .returning({ id: orders.id });
      if (attached) return null;
      const now = await findOrder(orderId);
      if (now?.paymentIntentId === intentId) return null;
      return (now && whyNotPayable(now)) ?? EXPIRED;
    },

    /**
     * The caller's order a payment is reported for, while it waits for one; null when this very
     * payment paid it already (repeating the call is harmless). Any other state is refused.
     */
    async orderAwaitingPayment(
      viewer: Viewer,
      id: string,
      transactionId: string,
    ): Promise<OrderWithLines | null> {
      const order = await findOwnOrder(viewer, id);
      if (order.status === 'unpaid') return order;
      if (order.cancelReason === 'sold-out' && order.transactionId === transactionId) {
        throw httpErrors.conflict(SOLD_OUT_REFUNDED);
      }
      if (order.transactionId === transactionId) return null;
      if (order.status === 'cancelled') throw httpErrors.conflict(noLongerPayable(order));
      throw httpErrors.badRequest('This order was paid by another payment');
    },

    /**
     * Records a payment the processor confirmed, for the customer who made it: a payment that
     * came after the parts sold out is refused (the order is cancelled and the payment refunded).
     */
    async recordConfirmedPayment(
      orderId: string,
      intentId: string,
    ): Promise<{ modifiedCount: number }> {
      const recorded = await recordPayment(orderId, intentId);
      if (recorded === 'sold-out') throw httpErrors.conflict(SOLD_OUT_REFUNDED);
      return { modifiedCount: recorded === 'paid' ? 1 : 0 };
    },
  };
}
