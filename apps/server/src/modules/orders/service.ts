import { httpErrors } from '@fastify/sensible';
import { and, count, desc, eq, max } from 'drizzle-orm';

import type { Database } from '../../db/client';
import { orders, type OrderWithLines } from '../../db/schema';
import type { AuditEntry } from '../../lib/audit';
import type { Viewer } from '../../lib/identity';
import { createOrdersContext, type OrdersDependencies } from './context';
import { mailCustomer, orderSnapshot } from './effects';
import { createExpiry } from './expiry';
import { orderWithLines } from './lines';
import { createOrderPages } from './order-pages';
import { createPaying } from './paying';
import { createPlacing } from './placing';
import { createUnpaidOrders } from './unpaid';

/**
 * Orders, from placing to shipping: placing reserves stock (placing.ts), paying records what a
 * payment the payments module confirmed means for the order (paying.ts), an unpaid order may
 * end without a payment (unpaid.ts); listing and shipping are here.
 */
export function createOrders(db: Database, dependencies: OrdersDependencies) {
  const context = createOrdersContext(db, dependencies);
  const { findOrder, recordAudit } = context;
  const { cancelUnpaidOrder, ...unpaidOrders } = createUnpaidOrders(context);

  return {
    ...createPlacing(context),
    ...createPaying(context),
    ...unpaidOrders,
    ...createExpiry(context, { cancelUnpaidOrder }),
    ...createOrderPages(db),

    /** A customer's own orders, newest first; nobody may list another's. */
    async listOwnOrders(viewer: Viewer, email: string): Promise<OrderWithLines[]> {
      if (viewer.email !== email.toLowerCase()) {
        throw httpErrors.forbidden('You can only see your own orders');
      }
      return db
        .select(orderWithLines)
        .from(orders)
        .where(eq(orders.userId, viewer.id))
        .orderBy(desc(orders.createdAt), desc(orders.id));
    },

    /** One order, for its owner or an admin; anyone else learns nothing (404). */
    async getOrder(viewer: Viewer, id: string): Promise<OrderWithLines> {
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

    listAllOrders(): Promise<OrderWithLines[]> {
      return db
        .select(orderWithLines)
        .from(orders)
        .orderBy(desc(orders.createdAt), desc(orders.id));
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
          .returning(orderWithLines);
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
  };
}

export type Orders = ReturnType<typeof createOrders>;
