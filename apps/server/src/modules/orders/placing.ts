import { randomUUID } from 'node:crypto';

import { httpErrors } from '@fastify/sensible';
import { and, count, eq, getTableColumns, sql } from 'drizzle-orm';

import { MAX_ORDER_TOTAL_CENTS } from '@apex/contract';

import { isUniqueViolation } from '../../db/errors';
import {
  type OrderLine,
  orderLines,
  orders,
  type OrderWithLines,
  parts,
  users,
} from '../../db/schema';
import type { Viewer } from '../../lib/identity';
import { isUuid } from '../../lib/ids';
import { type MailMessage, queueMailWith } from '../../lib/outbox';
import { isStillPayable, type OrdersContext } from './context';
import { orderFacts } from './effects';
import { orderWithLines } from './lines';
import type { AlongWithOrder, OrderRequest } from './order-request';
import { capReached, lineRefusal, TOTAL_TOO_LARGE } from './refusals';
import { holds, returnStock, type StockedPart, stockedPart, takes } from './stock';

export function createPlacing({
  db,
  maxUnpaidPerCustomer,
  unpaidTtlMinutes,
  transactionsTakeTurns,
  onStockChanged,
}: OrdersContext) {
  /** The order the customer placed with this idempotency key, if any. */
  async function orderPlacedAs(viewer: Viewer, key: string): Promise<OrderWithLines | null> {
    const [order] = await db
      .select(orderWithLines)
      .from(orders)
      .where(and(eq(orders.userId, viewer.id), eq(orders.idempotencyKey, key)));
    return order ?? null;
  }

  return {
    /**
     * Places an order of one or more lines: the prices, names and customer come from the
     * database and the session, and each line's stock is reserved by one conditional UPDATE, so
     * concurrent orders can never oversell. The lines are reserved in one transaction, in the
     * order of their parts' ids (two carts sharing parts lock them in the same order, so neither
     * waits for the other in a circle): every line is had, or none.
     */
    async placeOrder(
      viewer: Viewer,
      request: OrderRequest,
      alongWith?: AlongWithOrder,
    ): Promise<OrderWithLines> {
      const fromCart = request.fromCart ?? false;
      const key = request.idempotencyKey;
      if (key) {
        const earlier = await orderPlacedAs(viewer, key);
        if (earlier) return earlier;
      }
      if (request.lines.length === 0) {
        throw httpErrors.conflict(fromCart ? 'Your cart is empty' : 'There is nothing to order');
      }
      if (request.lines.some((line) => !isUuid(line.partId))) {
        throw httpErrors.notFound('There is no part with this id in the catalogue');
      }
      const byPartId = [...request.lines].sort((a, b) => a.partId.localeCompare(b.partId));
      const placed = await db
        .transaction(async (tx) => {
          // The customer's unpaid orders, counted only as far as the cap (past it the answer is
          // the same).
          const held = tx
            .select({ one: sql`1` })
            .from(orders)
            .where(and(eq(orders.userId, viewer.id), eq(orders.status, 'unpaid'), isStillPayable))
            .limit(maxUnpaidPerCustomer)
            .as('held');
          const unpaidCount = sql<number>`(select count(*)::int from ${held})`;
          // On PostgreSQL the customer's row is locked until this order is in (PGlite runs one
          // transaction at a time): their concurrent orders take turns, so each counts the unpaid
          // ones before it and the cap holds. The lock is taken by the first hold, before it locks
          // its part (every order locks its customer, then its parts in the order of their ids, so
          // none waits for another in a circle). The count comes back from the insert: a later
          // statement, so it sees every order committed while this one waited for the lock (a
          // statement sees only what was committed when it began). Neither costs a round trip of
          // its own.
          const customer = tx
            .$with('customer')
            .as(
              tx.select({ id: users.id }).from(users).where(eq(users.id, viewer.id)).for('update'),
            );
          const reserved = new Map<string, StockedPart>();
          // When the order lapses unpaid, by the database's clock, as of the transaction's start:
          // read with the first line, so the order and its mail can go in as one statement.
          let expiresAt: Date | null = null;
          const lapses = sql`now() + make_interval(mins => ${unpaidTtlMinutes})`.mapWith(
            orders.expiresAt,
          );
          // Each line's stock is held while that leaves a minimum order of its part on the shelf
          // (decision 022): all of them, or none, and then every line is only checked.
          let holdsStock = true;
          for (const [index, line] of byPartId.entries()) {
            const { partId, quantity, shownUnitPriceCents } = line;
            const locksCustomer = index === 0 && !transactionsTakeTurns;
            const [part] = await (locksCustomer ? tx.with(customer) : tx)
              .update(parts)
              .set({
                stock: sql`${parts.stock} - ${quantity}`,
                version: sql`${parts.version} + 1`,
                updatedAt: new Date(),
              })
              .where(
                and(
                  eq(parts.id, partId),
                  holds(quantity, shownUnitPriceCents),
                  locksCustomer ? sql`exists (select 1 from ${customer})` : undefined,
                ),
              )
              .returning({ ...stockedPart, expiresAt: lapses });
            if (!part) {
              holdsStock = false;
              break;
            }
            const { expiresAt: expiry, ...row } = part;
            expiresAt ??= expiry;
            reserved.set(partId, row);
          }
          if (!holdsStock) {
            // What was held goes back; the customer's row is locked as the hold would have.
            await returnStock(
              tx,
              byPartId.filter((line) => reserved.has(line.partId)),
            );
            reserved.clear();
            if (!transactionsTakeTurns) {
              await tx
                .select({ id: users.id })
                .from(users)
                .where(eq(users.id, viewer.id))
                .for('update');
            }
            for (const [index, line] of byPartId.entries()) {
              const [part] = await tx
                .select({ ...stockedPart, expiresAt: lapses })
                .from(parts)
                .where(
                  and(eq(parts.id, line.partId), takes(line.quantity, line.shownUnitPriceCents)),
                );
              if (!part) {
                // Nothing can be had: say why, the customer's cap first, then the line as it is
                // now. Throwing rolls back everything before it.
                if (index === 0) {
                  const [unpaid] = await tx.select({ n: count() }).from(held);
                  const holding = unpaid?.n ?? 0;
                  if (holding >= maxUnpaidPerCustomer) throw capReached(holding);
                }
                throw await lineRefusal(tx, line, fromCart);
              }
              const { expiresAt: expiry, ...row } = part;
              expiresAt ??= expiry;
              reserved.set(line.partId, row);
            }
          }
          const lines: OrderLine[] = request.lines.map(({ partId, quantity }) => {
            const part = reserved.get(partId);
            if (!part) throw new Error('a line was not reserved');
            return {
              partId,
              partName: part.name,
              unitPriceCents: part.priceCents,
              quantity,
              totalCents: part.priceCents * quantity,
            };
          });
          const totalCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
          if (totalCents > MAX_ORDER_TOTAL_CENTS) throw httpErrors.badRequest(TOTAL_TOO_LARGE);
          // The order, its lines and its mail in one statement: the lines and the mail go in
          // first, in data-modifying WITHs, under an id made here; the lines' reference to the
          // order is checked as the statement ends, when the order is in. One round trip for what
          // took three.
          const id = randomUUID();
          const placedLines = tx.$with('placed_lines').as(
            tx
              .insert(orderLines)
              .values(lines.map((line, position) => ({ orderId: id, position, ...line })))
              .returning({ position: orderLines.position }),
          );
          const placedMail: MailMessage = {
            kind: 'order-placed',
            name: viewer.name,
            // Just placed: not paid, so no transaction yet.
            order: orderFacts({ id, lines, totalCents, transactionId: null, testPayment: false }),
            expiresAt: expiresAt?.toISOString() ?? null,
            held: holdsStock,
          };
          const queuedMail = queueMailWith(tx, 'queued_mail', [
            { to: viewer.email, message: placedMail },
          ]);
          const [inserted] = await tx
            .with(placedLines, queuedMail)
            .insert(orders)
            .values({
              id,
              totalCents,
              userId: viewer.id,
              userName: viewer.name,
              userEmail: viewer.email,
              phone: request.phone,
              address: request.address,
              expiresAt,
              holdsStock,
              idempotencyKey: key,
            })
            .returning({ ...getTableColumns(orders), unpaidBefore: unpaidCount });
          if (!inserted) throw new Error('the order insert returned nothing');
          // Past the cap: thrown, so the order and its reservations are rolled back.
          const { unpaidBefore, ...row } = inserted;
          if (unpaidBefore >= maxUnpaidPerCustomer) throw capReached(unpaidBefore);
          const order: OrderWithLines = { ...row, lines };
          await alongWith?.(tx, order);
          return order;
        })
        .catch(async (error: unknown) => {
          // The same key placed its order meanwhile (a request sent twice at once): that one.
          const earlier = key && isUniqueViolation(error) ? await orderPlacedAs(viewer, key) : null;
          if (earlier) return earlier;
          throw error;
        });
      onStockChanged();
      return placed;
    },
  };
}
