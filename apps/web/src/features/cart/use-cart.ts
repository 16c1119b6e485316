import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';

import { useAccount } from '@/lib/session';
import type { Cart } from '@/lib/shop';

import { cartQueryOptions } from './api/get-cart';
import { readVisitorCart, subscribeToVisitorCart, type VisitorCartLine } from './visitor-cart';

/**
 * The cart, whoever holds it: a visitor's lives in this browser, a signed-in customer's on the
 * server (it follows them to another device). `cart` is undefined while the customer's is loading
 * and while the session is. What changes it is in `cart-writes.ts`, which takes this as it is.
 */
export function useCart() {
  const account = useAccount();
  const queryClient = useQueryClient();
  const stored = useSyncExternalStore(subscribeToVisitorCart, readVisitorCart, readVisitorCart);
  const query = useQuery({ ...cartQueryOptions(), enabled: account === 'customer' });
  const visitor = useMemo(() => visitorCartOf(stored), [stored]);
  const cart = account === 'visitor' ? visitor : account === 'customer' ? query.data : undefined;
  return { account, cart, query, queryClient };
}

export type CartHolder = ReturnType<typeof useCart>;

/** A visitor's lines as a cart: each at the price shown, and nothing known against them yet. */
function visitorCartOf(stored: readonly VisitorCartLine[]): Cart {
  return {
    lines: stored.map((line) => ({
      ...line,
      shownUnitPriceCents: line.unitPriceCents,
      problem: null,
      message: null,
    })),
    totalCents: stored.reduce((total, line) => total + line.quantity * line.unitPriceCents, 0),
  };
}
