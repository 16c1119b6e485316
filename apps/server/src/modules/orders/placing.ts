import { httpErrors } from '@fastify/sensible';
import { and, count, eq, gte, isNull, lte, sql } from 'drizzle-orm';

import { centsToDollars, MAX_ORDER_TOTAL_CENTS, orderQuantityHint } from '@apex/contract';

import { type OrderRow, orders, parts, users } from '../../db/schema';
import { isUuid } from '../../lib/ids';
import { type MailMessage, queueMail } from '../../lib/outbox';
import type { Viewer } from '../../plugins/auth';
import { isStillPayable, type OrdersContext } from './context';
import { mailLowStock, orderFacts } from './effects';
import type { OrderRequest } from './wire';

export function createPlacing({
  db,
  maxUnpaidPerCustomer,
  unpaidTtlMinutes,
  transactionsTakeTurns,
  onStockChanged,
}: OrdersContext) {
  return {
    /**
     * Places an order: the price, name and customer come from the database and the session, and
     * the stock is reserved by one conditional UPDATE, so concurrent orders can never oversell.
     */
    async placeOrder(viewer: Viewer, request: OrderRequest): Promise<OrderRow> {
      const notFound = () => httpErrors.notFound('There is no part with this id in the catalogue');
      if (!isUuid(request.partId)) throw notFound();
      const { partId, quantity } = request;
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
              eq(parts.id, partId),
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
            .where(and(eq(parts.id, partId), isNull(parts.archivedAt)));
          if (!part) throw notFound();
          if (quantity < part.minOrder) {
            throw httpErrors.badRequest(orderQuantityHint(part.minOrder, part.stock));
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
            phone: request.phone,
            address: request.address,
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
  };
}
