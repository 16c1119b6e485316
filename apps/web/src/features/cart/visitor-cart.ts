// The zod-free entry: a visitor's cart is read on every page's first load (the navbar's badge).
import { CART_MAX_LINES } from '@apex/contract/quantity-rules';

import type { CartLine } from '@/lib/shop';

/**
 * A line of a visitor's cart: the part, how many, the unit price shown when it was added, and
 * what the cart shows of the part (as it was then). The server checks all of it again when the
 * cart joins the account's at sign-in.
 */
export type VisitorCartLine = Pick<
  CartLine,
  'partId' | 'name' | 'image' | 'quantity' | 'unitPriceCents' | 'minOrder' | 'stock'
>;

const KEY = 'cart';
const TEXTS = ['partId', 'name', 'image'] as const;
const COUNTS = ['quantity', 'unitPriceCents', 'minOrder', 'stock'] as const;

/** Whether a stored value is a line: the browser's storage is anyone's to edit, or outdated. */
function isLine(value: unknown): value is VisitorCartLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  return (
    TEXTS.every((key) => typeof line[key] === 'string') &&
    COUNTS.every((key) => Number.isSafeInteger(line[key]) && (line[key] as number) >= 0) &&
    (line.quantity as number) > 0
  );
}

/** The stored lines that make sense, once per part, at most as many as a cart holds. */
function load(): readonly VisitorCartLine[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    const lines = parsed.filter(isLine);
    return lines
      .filter((line, i) => lines.findIndex((other) => other.partId === line.partId) === i)
      .slice(0, CART_MAX_LINES);
  } catch {
    // Not JSON, or storage refused (a private window): an empty cart, not a broken page.
    return [];
  }
}

let lines: readonly VisitorCartLine[] | null = null;
const listeners = new Set<() => void>();

/** Keeps these lines as the visitor's cart, and tells every reader. */
export function saveVisitorCart(next: readonly VisitorCartLine[]): void {
  lines = next;
  try {
    if (next.length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage full or refused: the cart still holds the lines until the page is closed.
  }
  for (const listener of listeners) listener();
}

/** The visitor's cart lines, the same list until they change. */
export function readVisitorCart(): readonly VisitorCartLine[] {
  lines ??= load();
  return lines;
}

/** Another tab changed the cart: this one reads it again. */
function onStorage(event: StorageEvent): void {
  if (event.key !== KEY && event.key !== null) return;
  lines = load();
  for (const listener of listeners) listener();
}

export function subscribeToVisitorCart(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}
