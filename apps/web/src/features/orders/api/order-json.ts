import type { Order as OrderJson } from '@apex/contract';
import { dollarsToCents } from '@apex/contract/money';

import type { Order, OrderStatus } from '@/lib/shop';

/** The spec's `status` and `payment` in one word: its "pending" is an order paid, not shipped. */
const STATUS: Record<OrderJson['status'], OrderStatus> = {
  unpaid: 'unpaid',
  pending: 'paid',
  shipped: 'shipped',
  cancelled: 'cancelled',
};

/** The one place the web app reads an order's wire names (docs/architecture.md#glossary). */
export function fromOrderJson(json: OrderJson): Order {
  return {
    id: json._id,
    partId: json.orderId,
    partName: json.order,
    quantity: json.orderQuantity,
    unitPriceCents: json.unitPrice === null ? null : dollarsToCents(json.unitPrice),
    totalCents: dollarsToCents(json.price),
    lines: json.lines.map((line) => ({
      partId: line.partId,
      name: line.name,
      quantity: line.quantity,
      unitPriceCents: dollarsToCents(line.unitPrice),
      totalCents: dollarsToCents(line.price),
    })),
    userName: json.userName,
    userEmail: json.userEmail,
    phone: json.phone,
    address: json.address,
    status: STATUS[json.status],
    transactionId: json.transactionId,
    createdAt: json.createdAt,
    testPayment: json.testPayment,
    expiresAt: json.expiresAt,
    held: json.held,
    cancelReason: json.cancelReason,
  };
}
