// What an order's change does beyond its own row: mail and the audit log (its stock: stock.ts).
import type { ActivitySnapshot } from '@apex/contract';

import type { Transaction } from '../../db/client';
import type { OrderWithLines } from '../../db/schema';
import { type MailMessage, type OrderFacts, queueMail } from '../../lib/outbox';
import { partNamesOf, unitsOf } from './lines';

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
  kind: 'order-paid' | 'order-shipped' | 'order-deleted' | 'order-sold-out',
): Promise<void> {
  const message: MailMessage = { kind, name: row.userName, order: orderFacts(row) };
  return queueMail(tx, [{ to: row.userEmail, message }]);
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
