import { httpErrors } from '@fastify/sensible';
import { and, count, desc, eq, gte, isNull, lte, max, sql } from 'drizzle-orm';

import {
  type ActivitySnapshot,
  centsToDollars,
  MAX_ORDER_TOTAL_CENTS,
  type Order,
  type PlaceOrder,
} from '@apex/contract';

import type { Database } from '../../db/client';
import { type OrderRow, orders, parts } from '../../db/schema';
import type { AuditEntry, RecordAudit } from '../../lib/audit';
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
    payment: row.status === 'unpaid' ? 'false' : 'paid',
    status: row.status === 'paid' ? 'pending' : row.status,
    transactionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
  };
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
  { onStockChanged, recordAudit }: { onStockChanged: () => void; recordAudit: RecordAudit },
) {
  async function findOrder(id: string): Promise<OrderRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    return row;
  }

  return {
    /**
     * Places an order: the price, name and customer come from the database and the session, and
     * the stock is reserved by one conditional UPDATE, so concurrent orders can never oversell.
     */
    async placeOrder(viewer: Viewer, input: PlaceOrder): Promise<OrderRow> {
      const notFound = () => httpErrors.notFound('There is no part with this id in the catalogue');
      if (!UUID.test(input.orderId)) throw notFound();
      const quantity = input.orderQuantity;
      const placed = await db.transaction(async (tx) => {
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
            ),
          )
          .returning();
        if (!reserved) {
          // Nothing reserved: say why, from the part as it is now.
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
          })
          .returning();
        if (!order) throw new Error('the order insert returned nothing');
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

    /** The caller's own order: the only one they may pay for. */
    async getOwnOrder(viewer: Viewer, id: string): Promise<OrderRow> {
      const order = await findOrder(id);
      if (!order || order.userId !== viewer.id) throw httpErrors.notFound('There is no such order');
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

    /** Deletes an unpaid order and puts its quantity back on the shelf, in one transaction. */
    async deleteUnpaidOrder(
      actor: AuditEntry['actor'],
      id: string,
    ): Promise<{ deletedCount: number }> {
      const order = await findOrder(id);
      if (!order) throw httpErrors.notFound('There is no such order');
      const deleted = await db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(orders)
          .where(and(eq(orders.id, id), eq(orders.status, 'unpaid')))
          .returning();
        if (!gone) throw httpErrors.conflict('Only unpaid orders can be deleted');
        await tx
          .update(parts)
          .set({
            stock: sql`${parts.stock} + ${gone.quantity}`,
            version: sql`${parts.version} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(parts.id, gone.partId));
        await recordAudit(tx, {
          actor,
          action: 'order.delete',
          subject: { type: 'order', id },
          before: orderSnapshot(gone),
          after: null,
        });
        return 1;
      });
      onStockChanged();
      return { deletedCount: deleted };
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

    /** Remembers the one payment intent of an order, so a retry reuses it. */
    async attachPaymentIntent(orderId: string, intentId: string): Promise<void> {
      await db
        .update(orders)
        .set({ paymentIntentId: intentId, updatedAt: new Date() })
        .where(and(eq(orders.id, orderId), isNull(orders.paymentIntentId)));
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
      const changed = await db
        .update(orders)
        .set({
          status: 'paid',
          transactionId: intent.id,
          paidAt: new Date(),
          updatedAt: new Date(),
        })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'unpaid')))
        .returning({ id: orders.id });
      return { modifiedCount: changed.length };
    },

    /** Marks an order paid by a verified intent; doing it again changes nothing. */
    async markPaid(orderId: string, transactionId: string): Promise<{ modifiedCount: number }> {
      const changed = await db
        .update(orders)
        .set({ status: 'paid', transactionId, paidAt: new Date(), updatedAt: new Date() })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'unpaid')))
        .returning({ id: orders.id });
      return { modifiedCount: changed.length };
    },
  };
}

export type Orders = ReturnType<typeof createOrders>;
