import { httpErrors } from '@fastify/sensible';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  max,
  or,
  sql,
} from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import {
  type ActivitySnapshot,
  centsToDollars,
  MAX_ORDER_TOTAL_CENTS,
  type Order,
  type PlaceOrder,
} from '@apex/contract';

import type { Database } from '../../db/client';
import { type OrderRow, orders, parts, users } from '../../db/schema';
import type { AuditEntry, RecordAudit } from '../../lib/audit';
import { type MailMessage, type OrderFacts, queueMail } from '../../lib/outbox';
import type { PaymentProvider } from '../../lib/payment-provider';
import type { Viewer } from '../../plugins/auth';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toOrderJson(row: OrderRow): Order {
  return {
    _id: row.id,
    orderId: row.partId,
    order: row.partName,
    price: centsToDollars(row.totalCents),
    unitPrice: centsToDollars(row.unitPriceCents),
    orderQuantity: row.quantity,
    userName: row.userName,
    userEmail: row.userEmail,
    phone: row.phone,
    address: row.address,
    payment: row.status === 'paid' || row.status === 'shipped' ? 'paid' : 'false',
    status: row.status === 'paid' ? 'pending' : row.status,
    transactionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
    testPayment: row.testPayment,
    expiresAt: row.status === 'unpaid' ? (row.expiresAt?.toISOString() ?? null) : null,
    cancelReason: row.cancelReason,
  };
}

const EXPIRED = 'This order expired before it was paid';
/** A payment the bank has not decided yet: the order can be neither cancelled nor deleted. */
const PAYMENT_PROCESSING =
  'The payment for this order is still being processed: try again in a few minutes';

/** Why an order can no longer be paid, in its customer's words. */
const noLongerPayable = (order: OrderRow) =>
  order.cancelReason === 'customer' ? 'You cancelled this order' : EXPIRED;

/** Only an unpaid order still within its time may be paid. */
function assertPayable(order: OrderRow): void {
  if (order.status === 'cancelled') throw httpErrors.conflict(noLongerPayable(order));
  if (order.status !== 'unpaid') throw httpErrors.conflict('This order is paid already');
  if (order.expiresAt && order.expiresAt <= new Date()) throw httpErrors.conflict(EXPIRED);
}

/** How many expired orders one step of the sweep claims at a time. */
const EXPIRY_BATCH = 100;

/** An unpaid order whose time is up; one without a time never expires. */
const isExpired = sql`${orders.expiresAt} <= now()`;
const isStillPayable = or(isNull(orders.expiresAt), gt(orders.expiresAt, sql`now()`));

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Puts cancelled orders' quantities back on the shelf, one UPDATE per part, in the order of the
 * parts' ids: two servers returning stock at once lock parts in the same order, so neither waits
 * for the other in a circle. Each part's version goes up by one, as on every change to a part.
 */
async function returnStock(tx: Transaction, cancelled: { partId: string; quantity: number }[]) {
  const byPart = new Map<string, number>();
  for (const { partId, quantity } of cancelled) {
    byPart.set(partId, (byPart.get(partId) ?? 0) + quantity);
  }
  for (const partId of [...byPart.keys()].sort()) {
    await tx
      .update(parts)
      .set({
        stock: sql`${parts.stock} + ${byPart.get(partId) ?? 0}`,
        version: sql`${parts.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(parts.id, partId));
  }
}

/** What an order's mail says of it, as the order stands. */
function orderFacts(row: OrderRow): OrderFacts {
  return {
    id: row.id,
    partName: row.partName,
    quantity: row.quantity,
    totalCents: row.totalCents,
    transactionId: row.transactionId,
    testPayment: row.testPayment,
  };
}

/** Queues the customer's mail about their order, in the transaction that changed it. */
function mailCustomer(
  tx: Transaction,
  row: OrderRow,
  kind: 'order-paid' | 'order-shipped' | 'order-deleted',
): Promise<void> {
  const message: MailMessage = { kind, name: row.userName, order: orderFacts(row) };
  return queueMail(tx, [{ to: row.userEmail, message }]);
}

/**
 * When an order has just taken a part's stock below its minimum order (nobody can order it
 * until it is restocked), every admin gets a notice, once: the order that crossed the line
 * sends it, the ones after it do not.
 */
async function mailLowStock(
  tx: Transaction,
  part: { id: string; name: string; stock: number; minOrder: number },
  quantity: number,
): Promise<void> {
  if (part.stock >= part.minOrder || part.stock + quantity < part.minOrder) return;
  const admins = await tx.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
  const { id, name, stock, minOrder } = part;
  const message: MailMessage = { kind: 'low-stock', part: { id, name, stock, minOrder } };
  await queueMail(
    tx,
    admins.map((admin) => ({ to: admin.email, message })),
  );
}

/** An order as the audit log keeps it. */
function orderSnapshot(row: OrderRow): ActivitySnapshot {
  return {
    status: row.status,
    partName: row.partName,
    quantity: row.quantity,
    totalCents: row.totalCents,
    customer: row.userEmail,
  };
}

export function createOrders(
  db: Database,
  {
    provider,
    unpaidTtlMinutes,
    maxUnpaidPerCustomer,
    transactionsTakeTurns,
    onStockChanged,
    recordAudit,
  }: {
    /** The card processor: asked to cancel an unpaid order's payment before the order goes. */
    provider: PaymentProvider;
    unpaidTtlMinutes: number;
    maxUnpaidPerCustomer: number;
    /**
     * The database runs one transaction at a time (PGlite): nothing can slip in between the
     * count of a customer's unpaid orders and the new one, so the customer's row needs no lock.
     */
    transactionsTakeTurns: boolean;
    onStockChanged: () => void;
    recordAudit: RecordAudit;
  },
) {
  // The built-in processor moves no money: what it takes is marked, so it never passes for a sale.
  const testPayment = provider.name === 'builtin';

  async function findOrder(id: string): Promise<OrderRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    return row;
  }

  /** The caller's own order: the only one they may pay for or cancel; others' are not there. */
  async function findOwnOrder(viewer: Viewer, id: string): Promise<OrderRow> {
    const order = await findOrder(id);
    if (!order || order.userId !== viewer.id) throw httpErrors.notFound('There is no such order');
    return order;
  }

  /**
   * Marks an unpaid order paid by the given intent, and queues the customer's receipt with it;
   * answers whether this call did it (the page and Stripe's webhook may both report a payment).
   */
  async function recordPayment(orderId: string, intentId: string): Promise<boolean> {
    return db.transaction(async (tx) => {
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
        .returning();
      if (!paid) return false;
      await mailCustomer(tx, paid, 'order-paid');
      return true;
    });
  }

  /**
   * Cancels an unpaid order and returns its stock, once its payment can no longer succeed: the
   * payment intent is cancelled first (outside any transaction: it may be a call to Stripe), and
   * if the payment had got through, the order is marked paid instead. The order is then
   * cancelled by one conditional UPDATE that also names the intent just cancelled, so an intent
   * attached meanwhile is cancelled in turn before the order goes.
   */
  async function cancelUnpaidOrder(
    order: OrderRow,
    reason: 'expired' | 'customer',
  ): Promise<{ outcome: 'cancelled' | 'paid' | 'processing'; order: OrderRow } | null> {
    let current = order;
    for (let attempt = 0; attempt < 3; attempt++) {
      const intentId = current.paymentIntentId;
      const payment = intentId ? await provider.cancelIntent(intentId) : 'cancelled';
      // The bank has not decided: the order and its stock stay as they are until it does.
      if (payment === 'processing') return { outcome: 'processing', order: current };
      if (intentId && payment === 'succeeded') {
        const recorded = await recordPayment(current.id, intentId);
        const paid = await findOrder(current.id);
        return recorded && paid ? { outcome: 'paid', order: paid } : null;
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
          .returning();
        if (row) await returnStock(tx, [row]);
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
          .returning({ partId: orders.partId, quantity: orders.quantity });
        await returnStock(tx, rows);
        return { count: rows.length, claimed: claimed.length };
      });
      expired += released.count;
      if (released.claimed < EXPIRY_BATCH) break;
    }
    // Orders with a payment intent: the provider is asked first, one order at a time.
    const paying = await db
      .select()
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
    return { expired, paid };
  }

  return {
    expireUnpaidOrders,

    /**
     * Places an order: the price, name and customer come from the database and the session, and
     * the stock is reserved by one conditional UPDATE, so concurrent orders can never oversell.
     */
    async placeOrder(viewer: Viewer, input: PlaceOrder): Promise<OrderRow> {
      const notFound = () => httpErrors.notFound('There is no part with this id in the catalogue');
      if (!UUID.test(input.orderId)) throw notFound();
      const quantity = input.orderQuantity;
      const placed = await db.transaction(async (tx) => {
        // The customer's row is locked until this order is in: their concurrent orders take
        // turns here, so each counts the unpaid ones before it and the cap holds.
        if (!transactionsTakeTurns) {
          await tx
            .select({ id: users.id })
            .from(users)
            .where(eq(users.id, viewer.id))
            .for('update');
        }
        // The customer's unpaid orders, counted only as far as the cap (past it the answer is
        // the same). The count is part of the reserving UPDATE, a statement after the lock, so
        // it sees every order committed while this one waited, and costs no round trip of its own.
        const held = tx
          .select({ one: sql`1` })
          .from(orders)
          .where(and(eq(orders.userId, viewer.id), eq(orders.status, 'unpaid'), isStillPayable))
          .limit(maxUnpaidPerCustomer)
          .as('held');
        const unpaidCount = sql<number>`(select count(*)::int from ${held})`;
        const refuseAtCap = async () => {
          const [unpaid] = await tx.select({ n: count() }).from(held);
          const holding = unpaid?.n ?? 0;
          if (holding >= maxUnpaidPerCustomer) {
            throw httpErrors.conflict(
              `You have ${holding} unpaid ${holding === 1 ? 'order' : 'orders'}: pay or cancel one first`,
            );
          }
        };
        const [reserved] = await tx
          .update(parts)
          .set({
            stock: sql`${parts.stock} - ${quantity}`,
            version: sql`${parts.version} + 1`,
            updatedAt: new Date(),
          })
          .where(
            and(
              eq(parts.id, input.orderId),
              isNull(parts.archivedAt),
              lte(parts.minOrder, quantity),
              gte(parts.stock, quantity),
              lte(parts.priceCents, Math.floor(MAX_ORDER_TOTAL_CENTS / quantity)),
              sql`${unpaidCount} < ${maxUnpaidPerCustomer}`,
            ),
          )
          .returning();
        if (!reserved) {
          // Nothing reserved: say why, the customer's cap first, then the part as it is now.
          await refuseAtCap();
          const [part] = await tx
            .select()
            .from(parts)
            .where(and(eq(parts.id, input.orderId), isNull(parts.archivedAt)));
          if (!part) throw notFound();
          if (quantity < part.minOrder) {
            throw httpErrors.badRequest(
              `Minimum Order is ${part.minOrder} and Maximum order is ${part.stock}`,
            );
          }
          if (part.priceCents * quantity > MAX_ORDER_TOTAL_CENTS) {
            throw httpErrors.badRequest(
              `One order can total at most $${centsToDollars(MAX_ORDER_TOTAL_CENTS).toFixed(2)}: order fewer`,
            );
          }
          throw httpErrors.conflict(
            part.stock === 0
              ? 'This part has just sold out'
              : `Not enough stock: only ${part.stock} left`,
          );
        }
        const [order] = await tx
          .insert(orders)
          .values({
            partId: reserved.id,
            partName: reserved.name,
            unitPriceCents: reserved.priceCents,
            quantity,
            totalCents: reserved.priceCents * quantity,
            userId: viewer.id,
            userName: viewer.name,
            userEmail: viewer.email,
            phone: input.phone,
            address: input.address,
            expiresAt: sql`now() + make_interval(mins => ${unpaidTtlMinutes})`,
          })
          .returning();
        if (!order) throw new Error('the order insert returned nothing');
        const placedMail: MailMessage = {
          kind: 'order-placed',
          name: order.userName,
          order: orderFacts(order),
          expiresAt: order.expiresAt?.toISOString() ?? null,
        };
        await queueMail(tx, [{ to: order.userEmail, message: placedMail }]);
        await mailLowStock(tx, reserved, quantity);
        return order;
      });
      onStockChanged();
      return placed;
    },

    /** A customer's own orders, newest first; nobody may list another's. */
    async listOwnOrders(viewer: Viewer, email: string): Promise<OrderRow[]> {
      if (viewer.email !== email.toLowerCase()) {
        throw httpErrors.forbidden('You can only see your own orders');
      }
      return db
        .select()
        .from(orders)
        .where(eq(orders.userId, viewer.id))
        .orderBy(desc(orders.createdAt), desc(orders.id));
    },

    /** One order, for its owner or an admin; anyone else learns nothing (404). */
    async getOrder(viewer: Viewer, id: string): Promise<OrderRow> {
      const order = await findOrder(id);
      if (!order || (order.userId !== viewer.id && viewer.role !== 'admin')) {
        throw httpErrors.notFound('There is no such order');
      }
      return order;
    },

    /** Changes whenever any order is placed, paid, shipped or deleted: the all-orders ETag. */
    async allOrdersVersion(): Promise<string> {
      const [row] = await db.select({ n: count(), latest: max(orders.updatedAt) }).from(orders);
      return `"orders-${row?.n ?? 0}-${row?.latest?.getTime() ?? 0}"`;
    },

    listAllOrders(): Promise<OrderRow[]> {
      return db.select().from(orders).orderBy(desc(orders.createdAt), desc(orders.id));
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
            .returning();
          if (!gone) return null;
          await returnStock(tx, [gone]);
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

    /** Paid → shipped; shipping twice changes nothing, an unpaid order cannot ship. */
    async shipOrder(actor: AuditEntry['actor'], id: string): Promise<{ modifiedCount: number }> {
      const order = await findOrder(id);
      if (!order) throw httpErrors.notFound('There is no such order');
      if (order.status === 'shipped') return { modifiedCount: 0 };
      return db.transaction(async (tx) => {
        const [shipped] = await tx
          .update(orders)
          .set({ status: 'shipped', shippedAt: new Date(), updatedAt: new Date() })
          .where(and(eq(orders.id, id), eq(orders.status, 'paid')))
          .returning();
        if (!shipped) throw httpErrors.conflict('Only paid orders can be shipped');
        await mailCustomer(tx, shipped, 'order-shipped');
        await recordAudit(tx, {
          actor,
          action: 'order.ship',
          subject: { type: 'order', id },
          before: { ...orderSnapshot(shipped), status: 'paid' },
          after: orderSnapshot(shipped),
        });
        return { modifiedCount: 1 };
      });
    },

    /**
     * The client secret of the payment intent for the caller's own unpaid order: the one intent
     * of the order, for its own total. An order that expired or was cancelled cannot be paid.
     */
    async openPayment(viewer: Viewer, id: string): Promise<{ clientSecret: string }> {
      const order = await findOwnOrder(viewer, id);
      assertPayable(order);
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
      return { modifiedCount: (await recordPayment(order.id, transactionId)) ? 1 : 0 };
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
      return { modifiedCount: (await recordPayment(order.id, intent.id)) ? 1 : 0 };
    },

    /** The customer cancels their own unpaid order, and its stock goes back on the shelf. */
    async cancelOwnOrder(viewer: Viewer, id: string): Promise<OrderRow> {
      const order = await findOwnOrder(viewer, id);
      if (order.status === 'cancelled')
        throw httpErrors.conflict('This order is cancelled already');
      if (order.status !== 'unpaid') {
        throw httpErrors.conflict('This order is paid: it can no longer be cancelled');
      }
      const result = await cancelUnpaidOrder(order, 'customer');
      if (result?.outcome === 'cancelled') return result.order;
      if (result?.outcome === 'processing') throw httpErrors.conflict(PAYMENT_PROCESSING);
      // The payment got through first, or something else settled the order meanwhile.
      const now = await findOrder(order.id);
      throw httpErrors.conflict(
        now?.status === 'cancelled'
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
  };
}

export type Orders = ReturnType<typeof createOrders>;
