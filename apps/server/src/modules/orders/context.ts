// What every part of the orders module shares: its dependencies, finding an order, the order
// state rules, and marking an order paid (which both paying and cancelling may come to).
import { httpErrors } from '@fastify/sensible';
import { and, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';

import type { Database } from '../../db/client';
import { orders, type OrderWithLines } from '../../db/schema';
import type { RecordAudit } from '../../lib/audit';
import type { Viewer } from '../../lib/identity';
import { isUuid } from '../../lib/ids';
import { mailCustomer } from './effects';
import { orderWithLines } from './lines';
import { mailLowStock, takePaidUnits } from './stock';

/** Thrown inside a payment's transaction to roll it back: the parts sold out first. */
class SoldOut extends Error {}

/**
 * What orders ask of the card processor (the payments module's provider, handed over by
 * services.ts): to stop an unpaid order's payment before the order goes, and to give back one
 * that came too late.
 */
export interface OrderPaymentIntents {
  readonly name: 'builtin' | 'stripe';
  /** 'succeeded' when the payment got through first; 'processing' when the bank has not decided. */
  cancelIntent(id: string): Promise<'cancelled' | 'succeeded' | 'processing'>;
  /** Safe to repeat: a second call for the same intent refunds nothing more. */
  refundIntent(id: string): Promise<void>;
}

export interface OrdersDependencies {
  /** The card processor: asked to cancel an unpaid order's payment before the order goes. */
  provider: OrderPaymentIntents;
  unpaidTtlMinutes: number;
  maxUnpaidPerCustomer: number;
  /**
   * The database runs one transaction at a time (PGlite): nothing can slip in between the
   * count of a customer's unpaid orders and the new one, so the customer's row needs no lock.
   */
  transactionsTakeTurns: boolean;
  onStockChanged: () => void;
  recordAudit: RecordAudit;
}

export const EXPIRED = 'This order expired before it was paid';
/** A payment the bank has not decided yet: the order can be neither cancelled nor deleted. */
export const PAYMENT_PROCESSING =
  'The payment for this order is still being processed: try again in a few minutes';

/** What a customer whose payment came after the last of the parts sold is told. */
export const SOLD_OUT_REFUNDED =
  'These parts sold out before your payment arrived: the order is cancelled and your payment refunded in full';

/** Why an order can no longer be paid, in its customer's words. */
export const noLongerPayable = (order: OrderWithLines) =>
  order.cancelReason === 'customer'
    ? 'You cancelled this order'
    : order.cancelReason === 'sold-out'
      ? SOLD_OUT_REFUNDED
      : EXPIRED;

/** Why an order cannot be paid now, or null: only an unpaid order within its time may be. */
export function whyNotPayable(order: OrderWithLines): string | null {
  if (order.status === 'cancelled') return noLongerPayable(order);
  if (order.status !== 'unpaid') return 'This order is paid already';
  if (order.expiresAt && order.expiresAt <= new Date()) return EXPIRED;
  return null;
}

/** Only an unpaid order still within its time may be paid. */
export function assertPayable(order: OrderWithLines): void {
  const refusal = whyNotPayable(order);
  if (refusal) throw httpErrors.conflict(refusal);
}

/** An unpaid order whose time is up; one without a time never expires. */
export const isExpired = sql`${orders.expiresAt} <= now()`;
export const isStillPayable = or(isNull(orders.expiresAt), gt(orders.expiresAt, sql`now()`));

export function createOrdersContext(db: Database, dependencies: OrdersDependencies) {
  // The built-in processor moves no money: what it takes is marked, so it never passes for a sale.
  const testPayment = dependencies.provider.name === 'builtin';

  async function findOrder(id: string): Promise<OrderWithLines | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db.select(orderWithLines).from(orders).where(eq(orders.id, id));
    return row;
  }

  /** The caller's own order: the only one they may pay for or cancel; others' are not there. */
  async function findOwnOrder(viewer: Viewer, id: string): Promise<OrderWithLines> {
    const order = await findOrder(id);
    if (!order || order.userId !== viewer.id) throw httpErrors.notFound('There is no such order');
    return order;
  }

  /**
   * Marks an unpaid order paid by the given intent, and queues the customer's receipt with it.
   * An order that held no stock takes it now (decision 022); if its parts sold to someone who
   * paid first, the order is cancelled as sold out and the payment refunded instead. Answers
   * what this call did: `paid`, `sold-out`, or null when the order was settled already (the page
   * and Stripe's webhook may both report a payment).
   */
  async function recordPayment(
    orderId: string,
    intentId: string,
  ): Promise<'paid' | 'sold-out' | null> {
    const recorded = await db
      .transaction(async (tx) => {
        const [paid] = await tx
          .update(orders)
          .set({
            status: 'paid',
            transactionId: intentId,
            paidAt: new Date(),
            testPayment,
            updatedAt: new Date(),
          })
          .where(and(eq(orders.id, orderId), eq(orders.status, 'unpaid')))
          .returning(orderWithLines);
        if (!paid) return { outcome: null, tookStock: false };
        if (!paid.holdsStock) {
          const taken = await takePaidUnits(tx, paid.lines);
          if (!taken) throw new SoldOut();
          for (const part of taken) {
            const units = paid.lines
              .filter((line) => line.partId === part.id)
              .reduce((sum, line) => sum + line.quantity, 0);
            await mailLowStock(tx, part, units);
          }
        }
        await mailCustomer(tx, paid, 'order-paid');
        return { outcome: 'paid' as const, tookStock: !paid.holdsStock };
      })
      .catch((error: unknown) => {
        if (error instanceof SoldOut) return { outcome: 'sold-out' as const, tookStock: false };
        throw error;
      });
    if (recorded.tookStock) dependencies.onStockChanged();
    if (recorded.outcome !== 'sold-out') return recorded.outcome;
    return (await cancelSoldOut(orderId, intentId)) ? 'sold-out' : null;
  }

  /**
   * The payment of an order that held nothing came after its parts sold out: the order is
   * cancelled, its customer told, and the payment refunded. The refund is due from the moment
   * of the cancellation: should the provider be out of reach now, the sweep asks again.
   */
  async function cancelSoldOut(orderId: string, intentId: string): Promise<boolean> {
    const cancelled = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(orders)
        .set({
          status: 'cancelled',
          cancelReason: 'sold-out',
          cancelledAt: new Date(),
          transactionId: intentId,
          refundDueAt: new Date(),
          updatedAt: new Date(),
        })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'unpaid')))
        .returning(orderWithLines);
      if (row) await mailCustomer(tx, row, 'order-sold-out');
      return row;
    });
    if (!cancelled) return false;
    await refundDue(orderId, intentId).catch(() => undefined);
    return true;
  }

  /** Refunds an order's payment that is due, once; the sweep calls it again until it is done. */
  async function refundDue(orderId: string, intentId: string): Promise<void> {
    await dependencies.provider.refundIntent(intentId);
    await db
      .update(orders)
      .set({ refundDueAt: null, refundedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(orders.id, orderId), isNotNull(orders.refundDueAt)));
  }

  return { ...dependencies, db, findOrder, findOwnOrder, recordPayment, refundDue };
}

export type OrdersContext = ReturnType<typeof createOrdersContext>;
