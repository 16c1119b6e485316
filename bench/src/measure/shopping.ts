// What a customer waits for between the catalog and an order: a part's page, the cart and the
// checkout, each at 10 connections on the PGlite shop, in rounds that take turns
// (`lib/p99-rounds.ts`).
import { expectStatus, request } from '../lib/http';
import { p99InRounds, type RoundsP99, type TimedBurst } from '../lib/p99-rounds';
import type { Customer, Part, PreparedShop } from '../lib/shop';
import { burst, CONNECTIONS } from '../lib/throughput';
import { SHOPPING } from '../settings';

export interface Shopping {
  part: RoundsP99;
  cart: RoundsP99;
  checkout: RoundsP99;
}

const signedIn = (customer: Customer) => ({
  authorization: `Bearer ${customer.token}`,
  'x-forwarded-for': customer.ip,
});

const lineOf = (part: Part) => ({ quantity: part.minOrder, unitPrice: part.price });

/** The customers who check out, one a connection; the others read their carts. */
const checkingOut = (shop: PreparedShop) => shop.customers.slice(0, CONNECTIONS);
const readingCarts = (shop: PreparedShop) => shop.customers.slice(CONNECTIONS);

/**
 * Puts a part in the cart of every customer who is not checking out, each a part of their own
 * in turn: their carts are read under load, and the last customer's cart is the phone's.
 */
export async function fillCarts(base: string, shop: PreparedShop): Promise<Customer[]> {
  const customers = readingCarts(shop);
  if (customers.length === 0)
    throw new Error(`no customers beyond the ${CONNECTIONS} checking out`);
  for (const [i, customer] of customers.entries()) {
    const part = shop.parts[i % shop.parts.length];
    if (!part) throw new Error('no parts to put in a cart');
    await expectStatus(
      request(base, 'PUT', `/api/cart/lines/${encodeURIComponent(part.id)}`, {
        headers: signedIn(customer),
        body: lineOf(part),
      }),
      200,
      `filling the cart of ${customer.email}`,
    );
  }
  return customers;
}

/** Each customer's requests in turn, so the connections of a moment carry different sessions. */
function inTurn<T>(items: readonly T[]): () => T {
  let next = 0;
  return () => items[next++ % items.length] as T;
}

/**
 * Each checking-out customer, on a connection of their own, puts a part in the cart (not timed)
 * and checks out (timed), again and again until the time is up: the order of every line, priced
 * and its stock reserved in one transaction.
 */
function checkouts(base: string, shop: PreparedShop): TimedBurst {
  return async (seconds, latencies) => {
    const until = performance.now() + seconds * 1000;
    let errors = 0;
    let firstError: string | null = null;
    const fail = (what: string, status: number, body: string) => {
      errors++;
      firstError ??= `${what}: ${status} ${body.slice(0, 200)}`;
    };
    const customer = async (who: Customer, i: number) => {
      const part = shop.parts[i % shop.parts.length];
      if (!part) throw new Error('no parts to check out');
      const headers = signedIn(who);
      const line = `/api/cart/lines/${encodeURIComponent(part.id)}`;
      while (performance.now() < until) {
        const put = await request(base, 'PUT', line, { headers, body: lineOf(part) });
        if (put.status !== 200) {
          fail('PUT a cart line', put.status, put.body);
          continue;
        }
        const sent = performance.now();
        const placed = await request(base, 'POST', '/api/cart/checkout', {
          headers,
          body: { phone: '+1 555 0100', address: '1 Benchmark Road, Testville' },
        });
        latencies.push(performance.now() - sent);
        if (placed.status !== 201) fail('POST /api/cart/checkout', placed.status, placed.body);
      }
    };
    await Promise.all(checkingOut(shop).map(customer));
    return { errors, firstError };
  };
}

/** The part page's request, the cart's and the checkout's p99, after `fillCarts`. */
export function measureShopping(base: string, shop: PreparedShop): Promise<Shopping> {
  if (checkingOut(shop).length < CONNECTIONS) throw new Error('too few customers to check out');
  const part = inTurn(shop.parts);
  const cart = inTurn(readingCarts(shop));
  return p99InRounds<keyof Shopping>(
    {
      part: (seconds, latencies) =>
        burst({
          url: base,
          seconds,
          latencies,
          requests: [
            {
              method: 'GET',
              setupRequest: (req) => ({ ...req, path: `/api/parts/${part().id}` }),
            },
          ],
        }),
      cart: (seconds, latencies) =>
        burst({
          url: base,
          seconds,
          latencies,
          requests: [
            {
              method: 'GET',
              path: '/api/cart',
              setupRequest: (req) => ({
                ...req,
                headers: { ...req.headers, ...signedIn(cart()) },
              }),
            },
          ],
        }),
      checkout: checkouts(base, shop),
    },
    SHOPPING,
  );
}
