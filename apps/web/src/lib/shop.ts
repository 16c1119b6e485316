/*
 * The shop's things in its own words (docs/architecture.md#glossary): what components, hooks and
 * routes read. The API's names (`_id`, `quantity` for the stock, `minorder`, `orderId` for the
 * part, `payment: "false"`, prices in dollars) stay in the contract's wire schemas and in each
 * feature's mapper under `api/`. Money is whole cents.
 */
import type { CartProblem } from '@apex/contract';

export interface Part {
  id: string;
  name: string;
  image: string;
  description: string;
  /** Units on the shelf: also the most one order may take. */
  stock: number;
  /** The fewest units one order may take. */
  minOrder: number;
  priceCents: number;
  /** Moves on with every change to the part; an edit names the version it was made from. */
  version: number;
}

/** unpaid → paid (the spec's "pending") → shipped; or cancelled while unpaid. */
export type OrderStatus = 'unpaid' | 'paid' | 'shipped' | 'cancelled';

/** One part of an order, at its name and price when the order was placed. */
export interface OrderLine {
  partId: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
}

export interface Order {
  id: string;
  /** The part of the order's first line. */
  partId: string;
  /** The part's name when it was ordered; for an order of several parts, their names. */
  partName: string;
  /** Units ordered, over the lines. */
  quantity: number;
  /** Null for an order of several parts, each line having its own. */
  unitPriceCents: number | null;
  totalCents: number;
  lines: OrderLine[];
  userName: string;
  userEmail: string;
  phone: string;
  address: string;
  status: OrderStatus;
  /** The processor's id of the payment that paid it. */
  transactionId: string | null;
  createdAt: string;
  /** Paid through the built-in test-mode processor: no money moved. */
  testPayment: boolean;
  /** While unpaid: when it is cancelled unless paid. */
  expiresAt: string | null;
  /** While unpaid: whether its parts are held for it until `expiresAt` (decision 022). */
  held: boolean;
  cancelReason: 'expired' | 'customer' | 'sold-out' | null;
}

/**
 * One part in the cart: how many, the unit price now, and the one the customer was shown when
 * the line was last set (they differ when the price changed since). `problem` says why the line
 * cannot be checked out as it stands, `message` says it in the cart's words.
 */
export interface CartLine {
  partId: string;
  name: string;
  image: string;
  quantity: number;
  unitPriceCents: number;
  shownUnitPriceCents: number;
  minOrder: number;
  stock: number;
  problem: CartProblem | null;
  message: string | null;
}

export interface Cart {
  lines: CartLine[];
  /** What the order would cost now. */
  totalCents: number;
}
