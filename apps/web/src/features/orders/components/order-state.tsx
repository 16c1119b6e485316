import type { Order } from '@apex/contract';

/** Where an order stands, in the spec's words: Pay (unpaid), Paid, Shipped. */
export function orderStateLabel(order: Order): 'Unpaid' | 'Paid' | 'Shipped' {
  if (order.status === 'shipped') return 'Shipped';
  return order.payment === 'paid' ? 'Paid' : 'Unpaid';
}

export const orderDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });
