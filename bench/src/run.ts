// `npm run bench`: measures the built shop against the performance budget of docs/performance.md,
// all from one run, and prints the budget table and the ratios reported beside it. `npm run bench
// -- --check`, the gate CI runs, measures only what the table judges and those ratios, and exits 1
// when any budget is missed: the other pages on slow 4G, bare node:http, orders through nginx,
// the order reads beside their bare reads, PGlite's order history and the growth charts are for
// whoever runs the whole bench (decision 023). The floors are in budget.ts, the run's sizes in
// settings.ts.
import path from 'node:path';

import { BUDGET, type Measurements } from './budget';
import { budgetRows } from './budget-rows';
import { measureFirstLoad } from './lib/first-load';
import { runMixedLoad } from './lib/mixed-load';
import { root, startServer } from './lib/server-process';
import type { PreparedShop } from './lib/shop';
import {
  type BareCeilings,
  catalogAgainstFastify,
  catalogAgainstNodeHttp,
  startBareCeilings,
} from './measure/catalog';
import { measureColdStarts } from './measure/cold-start';
import { measureGrowth } from './measure/growth';
import { measureInstances } from './measure/instances';
import { measureOrderGrowth } from './measure/order-growth';
import { drawOrderGrowth } from './measure/order-growth-chart';
import { growHistory, pgliteOrderHistory, postgresOrderHistory } from './measure/order-history';
import { ordersAgainstCeiling, prepareForOrders } from './measure/orders';
import { auditPages } from './measure/pages';
import { fillCarts, measureShopping } from './measure/shopping';
import {
  logCatalog,
  logColdStarts,
  logFirstLoad,
  logGrowth,
  logInstances,
  logMixedLoad,
  logOrderGrowth,
  logOrders,
  logPages,
  logShopping,
} from './progress';
import { reportedRows } from './reported';
import { elapsedSeconds, log, startSession } from './session';
import { MIXED, ORDER_GROWTH, PORTS, shopEnv } from './settings';
import { printSummary } from './summary';

/** The gate: only what the table judges, and the ratios beside it, is measured. */
const check = process.argv.includes('--check');
const session = startSession();

const orderGrowth: NonNullable<Measurements['orderGrowth']> = {};
const measured: Measurements = {
  firstLoad: measureFirstLoad(path.join(root, 'apps/web/dist')),
  orderGrowth,
};
logFirstLoad(measured.firstLoad);

const dataDir = path.join(session.work, 'data');
measured.starts = await session.attempt('cold start', () => measureColdStarts(session, dataDir));
if (measured.starts) logColdStarts(measured.starts);

const largestHistory = Math.max(...ORDER_GROWTH.steps);
// The PostgreSQL shop is prepared beside the PGlite shop (both mostly wait for mail), the gate's
// history seeded in full too; nothing is measured until both are ready.
const postgresReady = session.attempt('the PostgreSQL shop', async () => {
  const history = await postgresOrderHistory(session);
  if (check) await growHistory(history, largestHistory);
  log(
    `PostgreSQL shop ready: ${history.shop.customers.length} customers, ${history.seeded} orders`,
  );
  return history;
});

let ceilings: BareCeilings | undefined;
/** The PGlite shop's customers and admin, who read the grown order history later. */
let prepared: PreparedShop | undefined;
await session.attempt('the PGlite shop', async () => {
  const shop = await startServer({
    program: 'bench',
    port: PORTS.shop,
    cwd: session.cwd,
    // At the level it runs at in production: every request pays its log line.
    env: shopEnv(PORTS.shop, { DATA_DIR: dataDir, LOG_LEVEL: 'info' }),
    logFile: path.join(session.work, 'shop.log'),
  });
  session.onEnd(() => shop.stop());
  try {
    const ready = await prepareForOrders(shop.base, 'pglite', dataDir);
    prepared = ready;
    const carts = await fillCarts(shop.base, ready);
    log(`PGlite shop ready: ${ready.customers.length} customers, ${carts.length} carts filled`);
    await postgresReady;
    const [part] = ready.parts;
    const customer = carts.at(-1);
    if (part && customer) {
      measured.pages = await session.attempt('Lighthouse', () =>
        auditPages(shop.base, { part, customer, slow4G: !check }),
      );
    }
    if (measured.pages) logPages(measured.pages);

    ceilings = await session.attempt('bare ceilings', () => startBareCeilings(session, shop.base));
    const bare = ceilings;
    if (bare) {
      measured.catalog = await session.attempt('catalog against bare Fastify', () =>
        catalogAgainstFastify(shop.base, bare),
      );
      if (measured.catalog) logCatalog('bare Fastify', measured.catalog);
      if (!check) {
        measured.catalogNodeHttp = await session.attempt('catalog against node:http', () =>
          catalogAgainstNodeHttp(shop.base, bare),
        );
        if (measured.catalogNodeHttp) logCatalog('bare node:http', measured.catalogNodeHttp);
      }
    }

    measured.shopping = await session.attempt('a part page, the cart and the checkout', () =>
      measureShopping(shop.base, ready),
    );
    if (measured.shopping) logShopping(measured.shopping);

    if (bare) {
      measured.pgliteOrders = await session.attempt('orders on PGlite', () =>
        ordersAgainstCeiling(shop.base, ready, bare.fastify),
      );
    }
    if (measured.pgliteOrders) logOrders('PGlite', measured.pgliteOrders);

    measured.mixed = await session.attempt('mixed load', () =>
      runMixedLoad({ base: shop.base, pid: shop.pid, ...MIXED, ...ready }),
    );
    if (measured.mixed) logMixedLoad(measured.mixed);
  } finally {
    await shop.stop();
  }
});

measured.growth = await session.attempt('a grown catalog', () =>
  measureGrowth(session, dataDir, { judgedOnly: check }),
);
if (measured.growth) logGrowth(measured.growth);
const pgliteShop = prepared;
if (pgliteShop && !check) {
  const steps = await session.attempt('a grown order history on PGlite', async () => {
    const measuredSteps = await measureOrderGrowth(
      session,
      pgliteOrderHistory(session, dataDir, pgliteShop),
    );
    drawOrderGrowth('PGlite', measuredSteps, BUDGET.orderReadP99Ms);
    return measuredSteps;
  });
  if (steps) logOrderGrowth('PGlite', steps);
  orderGrowth.PGlite = steps;
}

measured.instances = await session.attempt('several instances', () =>
  measureInstances(session, { orders: !check }),
);
if (measured.instances) logInstances(measured.instances);

// Years of orders on PostgreSQL, and the orders a second among them on the same shop. The gate
// times only the judged size, without the bare reads: the smaller sizes are for the chart, and
// the reads' ratios to their bare reads are reported by the whole bench.
const postgresHistory = await postgresReady;
const fastifyCeiling = ceilings?.fastify;
if (postgresHistory) {
  const postgresSteps = await session.attempt('a grown order history on PostgreSQL', async () => {
    const measuredSteps = await measureOrderGrowth(session, postgresHistory, {
      largestOnly: check,
      ceilings: !check,
      atLargest: async (base) => {
        if (!fastifyCeiling) return;
        measured.postgresOrders = await session.attempt('orders on PostgreSQL', () =>
          ordersAgainstCeiling(base, postgresHistory.shop, fastifyCeiling),
        );
        if (measured.postgresOrders) logOrders('PostgreSQL', measured.postgresOrders);
      },
    });
    if (!check) drawOrderGrowth('PostgreSQL', measuredSteps, BUDGET.orderReadP99Ms);
    return measuredSteps;
  });
  if (postgresSteps) logOrderGrowth('PostgreSQL', postgresSteps);
  orderGrowth.PostgreSQL = postgresSteps;
}
await session.end();

const missed = printSummary({
  rows: budgetRows(measured),
  reported: reportedRows(measured),
  measured,
  judgedOnly: check,
  failures: session.failures,
  tookSeconds: elapsedSeconds(),
});
if (check && missed.length > 0) process.exitCode = 1;
