import { centsToDollars, type Order, type PlaceOrder } from '@apex/contract';

import type { OrderWithLines } from '../../db/schema';
import { partNamesOf, unitsOf } from './lines';
import type { OrderRequest } from './order-request';

/**
 * An order as the API shows it, in the spec's field names (docs/architecture.md#glossary). The
 * spec's fields describe an order of one part; an order of several lines names them all in
 * `order`, counts every unit in `orderQuantity`, and has no one `unitPrice`.
 */
export function toOrderJson(row: OrderWithLines): Order {
  const [first] = row.lines;
  return {
    _id: row.id,
    orderId: first?.partId ?? '',
    order: partNamesOf(row.lines),
    price: centsToDollars(row.totalCents),
    unitPrice: row.lines.length === 1 && first ? centsToDollars(first.unitPriceCents) : null,
    orderQuantity: unitsOf(row.lines),
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
    held: row.status === 'unpaid' && row.holdsStock,
    cancelReason: row.cancelReason,
    lines: row.lines.map((line) => ({
      partId: line.partId,
      name: line.partName,
      unitPrice: centsToDollars(line.unitPriceCents),
      quantity: line.quantity,
      price: centsToDollars(line.totalCents),
    })),
  };
}

/** The order form's fields, from the spec's names (`orderId` is the part's id). */
export function fromPlaceOrderJson(body: PlaceOrder): OrderRequest {
  return {
    lines: [{ partId: body.orderId, quantity: body.orderQuantity, shownUnitPriceCents: null }],
    phone: body.phone,
    address: body.address,
  };
}
