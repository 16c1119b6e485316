// POST /api/orders against the bare Fastify ceiling, on the embedded database and on PostgreSQL.
import { randomBytes } from 'node:crypto';
import path from 'node:path';

import { adminDatabaseUrl, createBenchDatabase } from '../lib/postgres';
import { type RunningServer, startServer } from '../lib/server-process';
import { type OrderRequest, orderRequest, type PreparedShop, prepareShop } from '../lib/shop';
import { burst, compareToCeiling, type Comparison, orderBursts } from '../lib/throughput';
import type { Session } from '../session';
import { CUSTOMERS, ORDER_ROUNDS, ORDER_SECONDS, PORTS, shopEnv } from '../settings';

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
 * after a warm-up: each customer orders each part in turn.
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
    (seconds) => burst({ url: ceiling, seconds }),
    ORDER_ROUNDS,
    ORDER_SECONDS,
  );
}

/** The same orders on a shop of its own, on a fresh PostgreSQL database. */
export async function ordersOnPostgres(session: Session, ceiling: string): Promise<Comparison> {
  const database = await createBenchDatabase(adminDatabaseUrl());
  session.onEnd(() => database.drop());
  let server: RunningServer | null = null;
  const dataDir = path.join(session.work, 'postgres-uploads');
  try {
    server = await startServer({
      program: 'server',
      port: PORTS.postgres,
      cwd: session.cwd,
      env: shopEnv(PORTS.postgres, {
        DATABASE_URL: database.url,
        AUTH_SECRET: randomBytes(32).toString('base64'),
        SEED_DEMO: 'true',
        DATA_DIR: dataDir,
      }),
    });
    const shop = await prepareForOrders(server.base, 'pg', dataDir);
    return await ordersAgainstCeiling(server.base, shop, ceiling);
  } finally {
    await server?.stop();
    await database.drop();
  }
}
