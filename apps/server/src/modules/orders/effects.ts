// What an order's change does beyond its own row: stock back on the shelf, mail, the audit log.
import { eq, sql } from 'drizzle-orm';

import type { ActivitySnapshot } from '@apex/contract';

import type { Transaction } from '../../db/client';
import { parts, users } from '../../db/schema';
import type { OrderLine, OrderWithLines } from '../../lib/order-placing';
import { type MailMessage, type OrderFacts, queueMail } from '../../lib/outbox';
import { partNamesOf, unitsOf } from './lines';

/**
 * Puts cancelled orders' lines back on the shelf, one UPDATE per part, in the order of the
 * parts' ids: two servers returning stock at once lock parts in the same order, so neither waits
 * for the other in a circle. Each part's version goes up by one, as on every change to a part.
 */
export async function returnStock(
  tx: Transaction,
  cancelled: readonly Pick<OrderLine, 'partId' | 'quantity'>[],
): Promise<void> {
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
export function orderFacts(
  row: Pick<OrderWithLines, 'id' | 'lines' | 'totalCents' | 'transactionId' | 'testPayment'>,
): OrderFacts {
  return {
    id: row.id,
    partName: partNamesOf(row.lines),
    quantity: unitsOf(row.lines),
    lines: row.lines.map(({ partName, quantity, totalCents }) => ({
      partName,
      quantity,
      totalCents,
    })),
    totalCents: row.totalCents,
    transactionId: row.transactionId,
    testPayment: row.testPayment,
  };
}

/** Queues the customer's mail about their order, in the transaction that changed it. */
export function mailCustomer(
  tx: Transaction,
  row: OrderWithLines,
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
export async function mailLowStock(
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
export function orderSnapshot(row: OrderWithLines): ActivitySnapshot {
  return {
    status: row.status,
    partName: partNamesOf(row.lines),
    quantity: unitsOf(row.lines),
    totalCents: row.totalCents,
    customer: row.userEmail,
  };
}
