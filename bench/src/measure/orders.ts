// POST /api/orders against the bare Fastify ceiling, on the embedded database and on PostgreSQL
// (the PostgreSQL shop is the order history's, before its history grows: `order-history.ts`).
import { type OrderRequest, orderRequest, type PreparedShop, prepareShop } from '../lib/shop';
import { burst, compareToCeiling, type Comparison, orderBursts } from '../lib/throughput';
import { CUSTOMERS, ORDER_ROUNDS, ORDER_SECONDS } from '../settings';

/** Its customers signed up under `tag`, so two shops of one run never share an address. */
export function prepareForOrders(base: string, tag: string, dataDir: string) {
  return prepareShop(base, { customers: CUSTOMERS, tag, dataDir });
}

/**
 * Each customer orders each part, the customers taking turns: the orders of the moment come from
 * as many customers as there are connections, as on a shop with many customers, and each customer
 * starts from a part of their own, so they spread over the parts too. (One customer's orders take
 * turns on their account's row, which keeps the cap on unpaid orders: ten at once from one
 * customer would measure that wait, not the shop.)
 */
export function ordersInTurn(shop: PreparedShop): OrderRequest[] {
  return shop.parts.flatMap((_, j) =>
    shop.customers.map((customer, i) => {
      const part = shop.parts[(i + j) % shop.parts.length];
      if (!part) throw new Error('no parts to order');
      return orderRequest(customer, part);
    }),
  );
}

/**
 * POST /api/orders against the bare Fastify ceiling, in alternating rounds (`compareToCeiling`),
 * after a warm-up: each customer orders each part in turn. The orders a second are judged, the
 * ratio reported.
 */
export async function ordersAgainstCeiling(
  base: string,
  shop: PreparedShop,
  ceiling: string,
): Promise<Comparison> {
  const place = orderBursts(base, ordersInTurn(shop));
  await place(1);
  return compareToCeiling(
    place,
    // Bare Fastify's req/s settles within a second; the orders' take their rounds' length.
    () => burst({ url: ceiling, seconds: 1 }),
    ORDER_ROUNDS,
    ORDER_SECONDS,
  );
}
