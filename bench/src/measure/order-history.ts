// The order histories the bench grows: the PGlite shop's data directory, and a fresh PostgreSQL
// database with a catalog grown to GROWTH.parts parts.
import { randomBytes } from 'node:crypto';
import path from 'node:path';

import { adminDatabaseUrl, createBenchDatabase } from '../lib/postgres';
import { type RunningServer, startServer } from '../lib/server-process';
import { type PreparedShop, prepareShop } from '../lib/shop';
import type { SqlTarget } from '../lib/sql';
import type { Session } from '../session';
import { CUSTOMERS, GROWTH, PORTS, shopEnv } from '../settings';
import { addParts } from './growth';
import { seedOrders } from './order-seed';

export type GrowthDatabase = 'PGlite' | 'PostgreSQL';

/** An order history to grow: its database, how a shop on it starts, and who reads it. */
export interface OrderHistory {
  database: GrowthDatabase;
  target: SqlTarget;
  /** Called with the shop stopped (PGlite's data directory has one owner at a time). */
  startShop: () => Promise<RunningServer>;
  shop: PreparedShop;
  /** The orders seeded so far (`growHistory`): none at first. */
  seeded: number;
}

/** Seeds the history's orders up to `orders`, with its shop stopped. */
export async function growHistory(history: OrderHistory, orders: number): Promise<void> {
  await seedOrders(history.target, history.seeded, orders);
  history.seeded = orders;
}

/** The data directory the PGlite shop ran on (stopped by now), its catalog grown already. */
export function pgliteOrderHistory(
  session: Session,
  dataDir: string,
  shop: PreparedShop,
): OrderHistory {
  return {
    database: 'PGlite',
    target: { dataDir },
    shop,
    seeded: 0,
    startShop: () =>
      startServer({
        program: 'bench',
        port: PORTS.orderGrowth,
        cwd: session.cwd,
        env: shopEnv(PORTS.orderGrowth, { DATA_DIR: dataDir }),
      }),
  };
}

/**
 * A fresh PostgreSQL database with the demo shop, its admin and CUSTOMERS customers signed in,
 * and the catalog grown to GROWTH.parts parts; dropped when the session ends. The orders a second
 * on PostgreSQL are measured on its shop too, among the largest history (`measure/orders.ts`).
 */
export async function postgresOrderHistory(session: Session): Promise<OrderHistory> {
  const database = await createBenchDatabase(adminDatabaseUrl());
  session.onEnd(() => database.drop());
  const dataDir = path.join(session.work, 'postgres-uploads');
  // The same secret at every start: the tokens signed in before stay valid.
  const secret = randomBytes(32).toString('base64');
  const startShop = () =>
    startServer({
      program: 'server',
      port: PORTS.postgres,
      cwd: session.cwd,
      env: shopEnv(PORTS.postgres, {
        DATABASE_URL: database.url,
        AUTH_SECRET: secret,
        SEED_DEMO: 'true',
        DATA_DIR: dataDir,
      }),
    });
  const server = await startShop();
  let shop: PreparedShop;
  try {
    shop = await prepareShop(server.base, { customers: CUSTOMERS, tag: 'pg', dataDir });
  } finally {
    await server.stop();
  }
  const target = { url: database.url };
  await addParts(target, GROWTH.parts);
  return { database: 'PostgreSQL', target, shop, startShop, seeded: 0 };
}
