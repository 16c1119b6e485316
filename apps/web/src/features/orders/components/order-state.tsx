import { useEffect, useState } from 'react';

import type { Order } from '@/lib/shop';

type OrderState = 'Unpaid' | 'Paid' | 'Shipped' | 'Expired' | 'Cancelled' | 'Sold out, refunded';

/** Where an order stands, in the spec's words (Pay, Paid, Shipped), or why it was cancelled. */
export function orderStateLabel(order: Order): OrderState {
  if (order.status === 'cancelled') {
    if (order.cancelReason === 'sold-out') return 'Sold out, refunded';
    return order.cancelReason === 'expired' ? 'Expired' : 'Cancelled';
  }
  if (order.status === 'shipped') return 'Shipped';
  return order.status === 'paid' ? 'Paid' : 'Unpaid';
}

export const orderDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

/** Marks an order paid through the built-in test processor: no money moved for it. */
export function TestPaymentBadge({ order }: { order: Order }) {
  if (!order.testPayment) return null;
  return (
    <span
      className="badge badge-sm border-amber-700 bg-amber-100 text-amber-950"
      title="Paid with the built-in test processor: no money moved"
    >
      Test payment
    </span>
  );
}

/** The time now, moved on every `everyMs`: enough for a countdown in minutes. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** "24 min", "1 h 5 min": whole minutes left, rounded up so the last minute still shows. */
function formatTimeLeft(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} h${rest > 0 ? ` ${rest} min` : ''}`;
}

const clock = new Intl.DateTimeFormat('en-GB', { timeStyle: 'short' });

/**
 * What an unpaid order holds and until when (decision 022): its parts held for it, or not held
 * (the last of them go to whoever pays first), and the time left to pay; null for an order that
 * is not waiting for payment. Counts down while shown.
 */
export function useTimeLeft(
  order: Pick<Order, 'status' | 'expiresAt' | 'held'>,
): { expired: boolean; text: string } | null {
  const now = useNow(15_000);
  if (order.status !== 'unpaid' || !order.expiresAt) return null;
  const left = Date.parse(order.expiresAt) - now;
  if (left <= 0) return { expired: true, text: 'Expired' };
  const until = clock.format(new Date(order.expiresAt));
  return {
    expired: false,
    text: order.held
      ? `Held for you until ${until}: pay within ${formatTimeLeft(left)}`
      : `Not held: pay within ${formatTimeLeft(left)}; the last units go to whoever pays first`,
  };
}
