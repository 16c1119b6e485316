// `npm run bench`: measures the built shop against the performance budget of docs/performance.md,
// all from one run, and prints the budget table. `npm run bench -- --check` also exits 1 when any
// budget is missed. The floors are in budget.ts, the run's sizes in settings.ts.
import path from 'node:path';

import { BUDGET, budgetRows, growthRows, type Measurements, PAGES } from './budget';
import { measureFirstLoad } from './lib/first-load';
import { auditPages } from './lib/lighthouse';
import { runMixedLoad } from './lib/mixed-load';
import { root, startServer } from './lib/server-process';
import {
  type BareCeilings,
  catalogAgainstBare,
  catalogAgainstCeiling,
  startBareCeilings,
} from './measure/catalog';
import { measureColdStarts } from './measure/cold-start';
import { measureGrowth } from './measure/growth';
import { measureInstances } from './measure/instances';
import { ordersAgainstCeiling, ordersOnPostgres, prepareForOrders } from './measure/orders';
import {
  logCatalog,
  logCatalogAgainstBare,
  logColdStarts,
  logFirstLoad,
  logGrowth,
  logInstances,
  logMixedLoad,
  logOrders,
  logPages,
} from './progress';
import { elapsedSeconds, startSession } from './session';
import { MIXED, PORTS, shopEnv } from './settings';
import { printSummary } from './summary';

const check = process.argv.includes('--check');
/** The catalog grown to ten thousand parts (`measure/growth.ts`): reported, not yet judged. */
const growth = process.argv.includes('--growth');
const session = startSession();

const measured: Measurements = { firstLoad: measureFirstLoad(path.join(root, 'apps/web/dist')) };
logFirstLoad(measured.firstLoad);

const dataDir = path.join(session.work, 'data');
measured.starts = await session.attempt('cold start', () => measureColdStarts(session, dataDir));
if (measured.starts) logColdStarts(measured.starts);

let ceilings: BareCeilings | undefined;
await session.attempt('the PGlite shop', async () => {
  const shop = await startServer({
    program: 'bench',
    port: PORTS.shop,
    cwd: session.cwd,
    env: shopEnv(PORTS.shop, { DATA_DIR: dataDir }),
  });
  session.onEnd(() => shop.stop());
  try {
    measured.pages = await session.attempt('Lighthouse', () =>
      auditPages(shop.base, PAGES, BUDGET.lighthouse),
    );
    if (measured.pages) logPages(measured.pages);

    measured.catalog = await session.attempt('catalog against ceiling', () =>
      catalogAgainstCeiling(shop.base),
    );
    if (measured.catalog) logCatalog(measured.catalog);

    ceilings = await session.attempt('bare ceilings', () => startBareCeilings(session, shop.base));
    const bare = ceilings;
    if (bare) logCatalogAgainstBare(await catalogAgainstBare(shop.base, bare));

    const prepared = await prepareForOrders(shop.base, 'pglite', dataDir);
    if (bare) {
      measured.pgliteOrders = await session.attempt('orders on PGlite', () =>
        ordersAgainstCeiling(shop.base, prepared, bare.fastify),
      );
    }
    if (measured.pgliteOrders) logOrders('PGlite', measured.pgliteOrders);

    measured.mixed = await session.attempt('mixed load', () =>
      runMixedLoad({ base: shop.base, pid: shop.pid, ...MIXED, ...prepared }),
    );
    if (measured.mixed) logMixedLoad(measured.mixed);
  } finally {
    await shop.stop();
  }
});

if (growth) {
  measured.growth = await session.attempt('a grown catalog', () => measureGrowth(session));
  if (measured.growth) logGrowth(measured.growth);
}

const fastifyCeiling = ceilings?.fastify;
if (fastifyCeiling) {
  measured.postgresOrders = await session.attempt('orders on PostgreSQL', () =>
    ordersOnPostgres(session, fastifyCeiling),
  );
}
if (measured.postgresOrders) logOrders('PostgreSQL', measured.postgresOrders);

measured.instances = await session.attempt('several instances', () => measureInstances(session));
if (measured.instances) logInstances(measured.instances);
await session.end();

const missed = printSummary({
  rows: budgetRows(measured),
  reported: growth ? growthRows(measured.growth) : [],
  pages: measured.pages,
  instances: measured.instances,
  failures: session.failures,
  tookSeconds: elapsedSeconds(),
});
if (check && missed.length > 0) process.exitCode = 1;
