import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import { orders } from '../../db/schema';
import { isExpired, type OrdersContext } from './context';
import { orderWithLines } from './lines';
import { returnStock } from './stock';
import type { UnpaidOrders } from './unpaid';

/** How many expired orders one step of the sweep claims at a time. */
const EXPIRY_BATCH = 100;

/** The sweep every instance runs: unpaid orders past their time end, and due refunds are retried. */
export function createExpiry(
  { db, onStockChanged, refundDue }: OrdersContext,
  { cancelUnpaidOrder }: Pick<UnpaidOrders, 'cancelUnpaidOrder'>,
) {
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
  };
}
