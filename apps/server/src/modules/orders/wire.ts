import { centsToDollars, type Order, type PlaceOrder } from '@apex/contract';

import type { OrderRow } from '../../db/schema';

/** An order as the API shows it, in the spec's field names (docs/architecture.md#glossary). */
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

/** What a customer orders, in the shop's words. */
export interface OrderRequest {
  partId: string;
  quantity: number;
  phone: string;
  address: string;
}

/** The order form's fields, from the spec's names (`orderId` is the part's id). */
export function fromPlaceOrderJson(body: PlaceOrder): OrderRequest {
  return {
    partId: body.orderId,
    quantity: body.orderQuantity,
    phone: body.phone,
    address: body.address,
  };
}
