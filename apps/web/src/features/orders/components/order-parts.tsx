import { formatCents } from '@/lib/format';
import type { Order } from '@/lib/shop';

import { orderDate } from './order-state';

/** "2 × Brake Kit", or for an order of several parts each line so, comma-separated. */
export function describeOrder(order: Order): string {
  if (order.lines.length <= 1) return `${order.quantity} × ${order.partName}`;
  return order.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ');
}

/**
 * What an order holds, as its table cell shows it: the part's name, as the spec's orders of one
 * part always did; for an order of several parts, each line (name × quantity and its price).
 */
export function OrderParts({ order }: { order: Order }) {
  if (order.lines.length <= 1) return order.partName;
  return (
    <ul className="flex flex-col gap-1">
      {order.lines.map((line) => (
        <li key={line.partId}>
          {line.name} × {line.quantity}{' '}
          <span className="text-base-content/80">{formatCents(line.totalCents)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The cells every list of orders shows of one: what was ordered, how many, the total and when. */
export function OrderSummaryCells({ order }: { order: Order }) {
  return (
    <>
      <td>
        <OrderParts order={order} />
      </td>
      <td>{order.quantity}</td>
      <td>{formatCents(order.totalCents)}</td>
      <td>{orderDate.format(new Date(order.createdAt))}</td>
    </>
  );
}
