import { httpErrors } from '@fastify/sensible';
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import type { OrderWithLines } from '../../db/schema';
import { orders } from '../../db/schema';
import type { AuditEntry } from '../../lib/audit';
import type { Viewer } from '../../lib/identity';
import { isExpired, type OrdersContext, PAYMENT_PROCESSING } from './context';
import { mailCustomer, orderSnapshot } from './effects';
import { orderWithLines } from './lines';
import { returnStock } from './stock';

/** How many expired orders one step of the sweep claims at a time. */
const EXPIRY_BATCH = 100;

/** Unpaid orders ending without a payment: cancelled by their customer, deleted, or expired. */
export function createUnpaidOrders(context: OrdersContext) {
  const {
    db,
    provider,
    onStockChanged,
    recordAudit,
    findOrder,
    findOwnOrder,
    recordPayment,
    refundDue,
  } = context;

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

  /**
   * One pass of the expiry sweep: every unpaid order past its time is cancelled and its stock
   * returned, or marked paid when its payment got through first. Every server runs it, at
   * once if it happens so: each order is cancelled by one conditional UPDATE, so its stock
   * comes back once.
   */
  async function expireUnpaidOrders(
    log?: FastifyBaseLogger,
  ): Promise<{ expired: number; paid: number }> {
    let expired = 0;
    let paid = 0;
    // Orders nobody began paying (most of them): claimed and cancelled in one transaction.
    // SKIP LOCKED lets two servers sweeping at once take different orders instead of queueing.
    for (;;) {
      const released = await db.transaction(async (tx) => {
        const claimed = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.status, 'unpaid'), isExpired, isNull(orders.paymentIntentId)))
          .orderBy(asc(orders.expiresAt))
          .limit(EXPIRY_BATCH)
          .for('update', { skipLocked: true });
        if (claimed.length === 0) return { count: 0, claimed: 0 };
        const rows = await tx
          .update(orders)
          .set({
            status: 'cancelled',
            cancelReason: 'expired',
            cancelledAt: new Date(),
            updatedAt: new Date(),
          })
          .where(
            and(
              inArray(
                orders.id,
                claimed.map((order) => order.id),
              ),
              eq(orders.status, 'unpaid'),
              isNull(orders.paymentIntentId),
            ),
          )
          .returning({ lines: orderWithLines.lines, holdsStock: orders.holdsStock });
        // Only what was held goes back: an order that held nothing took nothing.
        const lines = rows.filter((row) => row.holdsStock).flatMap((row) => row.lines);
        await returnStock(tx, lines);
        return { count: rows.length, claimed: claimed.length };
      });
      expired += released.count;
      if (released.claimed < EXPIRY_BATCH) break;
    }
    // Orders with a payment intent: the provider is asked first, one order at a time.
    const paying = await db
      .select(orderWithLines)
      .from(orders)
      .where(and(eq(orders.status, 'unpaid'), isExpired, isNotNull(orders.paymentIntentId)))
      .orderBy(asc(orders.expiresAt))
      .limit(EXPIRY_BATCH);
    for (const order of paying) {
      try {
        const result = await cancelUnpaidOrder(order, 'expired');
        if (result?.outcome === 'cancelled') expired++;
        if (result?.outcome === 'paid') paid++;
      } catch (error) {
        // Stripe unreachable: the order keeps its stock until the next pass asks again (as it
        // does when the payment is still processing).
        log?.warn({ err: error, orderId: order.id }, 'Could not expire an unpaid order');
      }
    }
    if (expired > 0) onStockChanged();
    // Payments of orders that sold out first, whose refund did not get through at the time.
    const dueRefunds = await db
      .select({ id: orders.id, intentId: orders.transactionId })
      .from(orders)
      .where(isNotNull(orders.refundDueAt))
      .limit(EXPIRY_BATCH);
    for (const { id, intentId } of dueRefunds) {
      if (!intentId) continue;
      await refundDue(id, intentId).catch((error: unknown) =>
        log?.warn({ err: error, orderId: id }, 'Could not refund a sold-out order yet'),
      );
    }
    return { expired, paid };
  }

  return {
    expireUnpaidOrders,

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

    /** Runs the expiry sweep every `everyMs` from now on; answers how to stop. */
    expireRegularly(log: FastifyBaseLogger, everyMs: number): () => void {
      let running = false;
      const timer = setInterval(() => {
        // A slow pass (Stripe taking its time) is not overtaken by the next one.
        if (running) return;
        running = true;
        expireUnpaidOrders(log)
          .then(
            ({ expired, paid }) => {
              if (expired > 0 || paid > 0) log.info({ expired, paid }, 'Unpaid orders expired');
            },
            (error: unknown) => log.warn({ err: error }, 'Could not expire unpaid orders'),
          )
          .finally(() => {
            running = false;
          });
      }, everyMs);
      // The sweep never keeps the process alive on its own.
      timer.unref();
      return () => clearInterval(timer);
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
