import { httpErrors } from '@fastify/sensible';
import { and, eq, isNull } from 'drizzle-orm';

import { orders } from '../../db/schema';
import type { Viewer } from '../../lib/identity';
import type { OrderWithLines } from '../../lib/order-placing';
import {
  assertPayable,
  EXPIRED,
  isStillPayable,
  noLongerPayable,
  type OrdersContext,
  SOLD_OUT_REFUNDED,
} from './context';
import { holds, takeUnits, unitsByPart } from './stock';

/** Thrown inside a hold's transaction to roll it back: a part cannot be held after all. */
class NotHeld extends Error {}

/** An order's payment, as the payments module asks for it: the order decides, the processor confirms. */
export function createPaying({
  db,
  provider,
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
    /**
     * The client secret of the payment intent for the caller's own unpaid order: the one intent
     * of the order, for its own total. An order that expired or was cancelled cannot be paid.
     */
    async openPayment(viewer: Viewer, id: string): Promise<{ clientSecret: string }> {
      const order = await findOwnOrder(viewer, id);
      assertPayable(order);
      if (!order.holdsStock) await holdIfPossible(order);
      const intent = await provider.createIntent({
        id: order.id,
        amountCents: order.totalCents,
        existingIntentId: order.paymentIntentId,
      });
      if (order.paymentIntentId === intent.id) return { clientSecret: intent.clientSecret };
      // Remembered only while the order still waits for payment, so a retry reuses it.
      const [attached] = await db
        .update(orders)
        .set({ paymentIntentId: intent.id, updatedAt: new Date() })
        .where(
          and(
            eq(orders.id, order.id),
            eq(orders.status, 'unpaid'),
            isStillPayable,
            isNull(orders.paymentIntentId),
          ),
        )
        .returning({ id: orders.id });
      if (!attached) {
        const now = await findOrder(order.id);
        if (now?.paymentIntentId !== intent.id) {
          // The order expired (or was cancelled, or paid) while the intent was made: the intent
          // must never take money, and its secret never leaves the server.
          await provider.cancelIntent(intent.id);
          if (now) assertPayable(now);
          throw httpErrors.conflict(EXPIRED);
        }
      }
      return { clientSecret: intent.clientSecret };
    },

    /**
     * Marks the caller's order paid once the provider confirms that `transactionId` paid this
     * order's total; repeating it for the same payment changes nothing.
     */
    async confirmPayment(
      viewer: Viewer,
      id: string,
      transactionId: string,
    ): Promise<{ modifiedCount: number }> {
      const order = await findOwnOrder(viewer, id);
      if (order.status !== 'unpaid') {
        if (order.cancelReason === 'sold-out' && order.transactionId === transactionId) {
          throw httpErrors.conflict(SOLD_OUT_REFUNDED);
        }
        // Repeating the call for the payment that paid the order is harmless.
        if (order.transactionId === transactionId) return { modifiedCount: 0 };
        if (order.status === 'cancelled') throw httpErrors.conflict(noLongerPayable(order));
        throw httpErrors.badRequest('This order was paid by another payment');
      }
      // The provider, not the browser, says whether the money arrived, for which order and sum.
      const intent = await provider.retrieveIntent(transactionId);
      const confirmed =
        intent?.status === 'succeeded' &&
        intent.orderId === order.id &&
        intent.amountCents === order.totalCents;
      if (!confirmed) {
        throw httpErrors.badRequest('This payment did not succeed for this order');
      }
      const recorded = await recordPayment(order.id, transactionId);
      if (recorded === 'sold-out') throw httpErrors.conflict(SOLD_OUT_REFUNDED);
      return { modifiedCount: recorded === 'paid' ? 1 : 0 };
    },

    /**
     * Marks an order paid from the provider's own notice (Stripe's webhook), once the amount is
     * the order's total; unknown orders and other amounts change nothing.
     */
    async markPaidByProvider(intent: {
      orderId: string;
      id: string;
      amountCents: number;
    }): Promise<{ modifiedCount: number }> {
      const order = await findOrder(intent.orderId);
      if (order?.totalCents !== intent.amountCents) return { modifiedCount: 0 };
      return { modifiedCount: (await recordPayment(order.id, intent.id)) === 'paid' ? 1 : 0 };
    },
  };
}
