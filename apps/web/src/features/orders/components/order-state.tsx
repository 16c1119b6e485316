import { useEffect, useState } from 'react';

import type { Order } from '@/lib/shop';

type OrderState = 'Unpaid' | 'Paid' | 'Shipped' | 'Expired' | 'Cancelled';

/** Where an order stands, in the spec's words (Pay, Paid, Shipped), or why it was cancelled. */
export function orderStateLabel(order: Order): OrderState {
  if (order.status === 'cancelled')
    return order.cancelReason === 'expired' ? 'Expired' : 'Cancelled';
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

/**
 * How long an unpaid order has left before it is cancelled and its stock returned; null for an
 * order without a time. Counts down while shown.
 */
export function useTimeLeft(expiresAt: string | null): { expired: boolean; text: string } | null {
  const now = useNow(15_000);
  if (!expiresAt) return null;
  const left = Date.parse(expiresAt) - now;
  return left > 0
    ? { expired: false, text: `Pay within ${formatTimeLeft(left)}` }
    : { expired: true, text: 'Expired' };
}
