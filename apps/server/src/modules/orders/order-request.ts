import type { Transaction } from '../../db/client';
import type { OrderWithLines } from '../../db/schema';

/** One line a customer orders: a part, how many, and the price they were shown, if any. */
export interface LineRequest {
  partId: string;
  quantity: number;
  /** From a cart: the order waits if the price changed since. The spec's order form has none. */
  shownUnitPriceCents: number | null;
}

/** What a customer orders, in the shop's words. */
export interface OrderRequest {
  lines: LineRequest[];
  phone: string;
  address: string;
  /** From the cart: a refusal names the line's part (the spec's form keeps its own words). */
  fromCart?: boolean;
  /** The client's name for this order: the same key again answers the order it placed. */
  idempotencyKey?: string | undefined;
}

/** Work that belongs with the order: done in its transaction, so both happen or neither. */
export type AlongWithOrder = (tx: Transaction, order: OrderWithLines) => Promise<void>;
