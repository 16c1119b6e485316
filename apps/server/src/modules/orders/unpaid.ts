import { httpErrors } from '@fastify/sensible';
import { and, eq, isNull } from 'drizzle-orm';

import { orders, type OrderWithLines } from '../../db/schema';
import type { AuditEntry } from '../../lib/audit';
import type { Viewer } from '../../lib/identity';
import { isExpired, type OrdersContext, PAYMENT_PROCESSING } from './context';
import { mailCustomer, orderSnapshot } from './effects';
import { orderWithLines } from './lines';
import { returnStock } from './stock';

/**
 * Unpaid orders ending without a payment: cancelled by their customer or deleted by an admin
 * (and expired by the sweep, expiry.ts, through `cancelUnpaidOrder`).
 */
export function createUnpaidOrders(context: OrdersContext) {
  const { db, provider, onStockChanged, recordAudit, findOrder, findOwnOrder, recordPayment } =
    context;

  /**
   * Cancels an unpaid order and returns what it held, once its payment can no longer succeed: the
   * payment intent is cancelled first (outside any transaction: it may be a call to Stripe), and
   * if the payment had got through, the order is marked paid instead. The order is then
   * cancelled by one conditional UPDATE that also names the intent just cancelled, so an intent
   * attached meanwhile is cancelled in turn before the order goes.
   */
  async function cancelUnpaidOrder(
    order: OrderWithLines,
    reason: 'expired' | 'customer',
  ): Promise<{ outcome: 'cancelled' | 'paid' | 'processing'; order: OrderWithLines } | null> {
    let current = order;
    for (let attempt = 0; attempt < 3; attempt++) {
      const intentId = current.paymentIntentId;
      const payment = intentId ? await provider.cancelIntent(intentId) : 'cancelled';
      // The bank has not decided: the order and its stock stay as they are until it does.
      if (payment === 'processing') return { outcome: 'processing', order: current };
      if (intentId && payment === 'succeeded') {
        const recorded = await recordPayment(current.id, intentId);
        const settled = await findOrder(current.id);
        if (!recorded || !settled) return null;
        // Sold out before the payment: cancelled after all, and the payment refunded.
        return { outcome: recorded === 'paid' ? 'paid' : 'cancelled', order: settled };
      }
      const cancelled = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(orders)
          .set({
            status: 'cancelled',
            cancelReason: reason,
            cancelledAt: new Date(),
            updatedAt: new Date(),
          })
          .where(
            and(
              eq(orders.id, current.id),
              eq(orders.status, 'unpaid'),
              intentId ? eq(orders.paymentIntentId, intentId) : isNull(orders.paymentIntentId),
              reason === 'expired' ? isExpired : undefined,
            ),
          )
          .returning(orderWithLines);
        if (row?.holdsStock) await returnStock(tx, row.lines);
        return row;
      });
      if (cancelled) {
        onStockChanged();
        return { outcome: 'cancelled', order: cancelled };
      }
      const now = await findOrder(current.id);
      if (now?.status !== 'unpaid' || now.paymentIntentId === intentId) return null;
      // A payment began meanwhile: cancel its intent too, then try again.
      current = now;
    }
    return null;
  }

  return {
    cancelUnpaidOrder,

    /** The customer cancels their own unpaid order, and its stock goes back on the shelf. */
    async cancelOwnOrder(viewer: Viewer, id: string): Promise<OrderWithLines> {
      const order = await findOwnOrder(viewer, id);
      if (order.status === 'cancelled')
        throw httpErrors.conflict('This order is cancelled already');
      if (order.status !== 'unpaid') {
        throw httpErrors.conflict('This order is paid: it can no longer be cancelled');
      }
      const result = await cancelUnpaidOrder(order, 'customer');
      if (result?.outcome === 'cancelled') return result.order;
      if (result?.outcome === 'processing') throw httpErrors.conflict(PAYMENT_PROCESSING);
      // The payment got through first, or something else settled the order meanwhile: an
      // admin may even have deleted it.
      const now = await findOrder(order.id);
      if (!now) throw httpErrors.notFound('There is no such order');
      throw httpErrors.conflict(
        now.status === 'cancelled'
          ? 'This order is cancelled already'
          : 'This order is paid: it can no longer be cancelled',
      );
    },

    /**
     * Deletes an unpaid order and returns its stock. Its payment is cancelled first, as a
     * cancellation does (`cancelUnpaidOrder`): a payment page still open must not charge the
     * customer for an order that is gone; a payment that got through makes the order paid, and
     * a paid order is not deleted.
     */
    async deleteUnpaidOrder(
      actor: AuditEntry['actor'],
      id: string,
    ): Promise<{ deletedCount: number }> {
      let order = await findOrder(id);
      if (!order) throw httpErrors.notFound('There is no such order');
      for (let attempt = 0; attempt < 3; attempt++) {
        if (order.status !== 'unpaid') break;
        const intentId = order.paymentIntentId;
        const payment = intentId ? await provider.cancelIntent(intentId) : 'cancelled';
        if (payment === 'processing') throw httpErrors.conflict(PAYMENT_PROCESSING);
        if (intentId && payment === 'succeeded') {
          await recordPayment(order.id, intentId);
          break;
        }
        const deleted = await db.transaction(async (tx) => {
          const [gone] = await tx
            .delete(orders)
            .where(
              and(
                eq(orders.id, id),
                eq(orders.status, 'unpaid'),
                // An intent attached meanwhile is cancelled in turn before the order goes.
                intentId ? eq(orders.paymentIntentId, intentId) : isNull(orders.paymentIntentId),
              ),
            )
            .returning(orderWithLines);
          if (!gone) return null;
          if (gone.holdsStock) await returnStock(tx, gone.lines);
          await mailCustomer(tx, gone, 'order-deleted');
          await recordAudit(tx, {
            actor,
            action: 'order.delete',
            subject: { type: 'order', id },
            before: orderSnapshot(gone),
            after: null,
          });
          return gone;
        });
        if (deleted) {
          onStockChanged();
          return { deletedCount: 1 };
        }
        const now = await findOrder(id);
        if (!now) throw httpErrors.notFound('There is no such order');
        order = now;
      }
      throw httpErrors.conflict('Only unpaid orders can be deleted');
    },
  };
}

export type UnpaidOrders = ReturnType<typeof createUnpaidOrders>;
