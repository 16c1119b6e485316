/*
 * The shop's things in its own words (docs/architecture.md#glossary): what components, hooks and
 * routes read. The API's names (`_id`, `quantity` for the stock, `minorder`, `orderId` for the
 * part, `payment: "false"`, prices in dollars) stay in the contract's wire schemas and in each
 * feature's mapper under `api/`. Money is whole cents.
 */

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

export interface Order {
  id: string;
  partId: string;
  /** The part's name when it was ordered. */
  partName: string;
  /** Units ordered. */
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
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
  cancelReason: 'expired' | 'customer' | null;
}
