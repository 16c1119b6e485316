// What a module that places orders (the cart) needs of the orders module, named here so that
// neither imports the other: services.ts hands the cart the orders module's `placeOrder`, as it
// hands the payments module the order operations it needs.
import type { Transaction } from '../db/client';
import type { OrderRow } from '../db/schema';
import type { Viewer } from './identity';

/** One line of an order: a part at its name and price when the order was placed. */
export interface OrderLine {
  partId: string;
  partName: string;
  unitPriceCents: number;
  quantity: number;
  totalCents: number;
}

export type OrderWithLines = OrderRow & { lines: OrderLine[] };

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

/** Places an order of every line, all reserved or none (`modules/orders/placing.ts`). */
export type PlaceOrder = (
  viewer: Viewer,
  request: OrderRequest,
  alongWith?: AlongWithOrder,
) => Promise<OrderWithLines>;
