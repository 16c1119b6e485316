// How the run is set up: the ports its servers listen on, how long and how often each figure is
// measured, and the settings every shop server starts with. The floors are in budget.ts.

export const PORTS = {
  shop: 4390,
  coldStart: 4391,
  postgres: 4392,
  ceiling: 4393,
  nodeHttp: 4394,
  growth: 4399,
  orderGrowth: 4400,
  readCeiling: 4402,
} as const;

/** Three instances behind nginx (`measure/instances.ts`); the writes whose propagation from one
 * to another is timed. */
export const CLUSTER = {
  balancerPort: 4395,
  instancePorts: [4396, 4397, 4398],
  writes: 100,
} as const;

/** A catalog grown to this many parts (`measure/growth.ts`); the first page and a search are
 * each warmed up, then measured in alternating rounds. */
export const GROWTH = { parts: 10_000, warmupSeconds: 2, rounds: 4, roundSeconds: 1 } as const;

/** Orders grown to each size in turn (`measure/order-growth.ts`), over this many customers; at
 * each size every read is warmed up, then timed in rounds of one burst of each (and on
 * PostgreSQL one of its ceiling beside it). */
export const ORDER_GROWTH = {
  customers: 1_000,
  steps: [1_000, 10_000, 100_000],
  warmupSeconds: 1,
  rounds: 4,
  roundSeconds: 1,
} as const;

export const CATALOG_ROUNDS = 4;
export const CATALOG_SECONDS = 2;
export const ORDER_ROUNDS = 4;
export const ORDER_SECONDS = 2;
/** A part page, the cart and the checkout (`measure/shopping.ts`), taking turns in each round. */
export const SHOPPING = { warmupSeconds: 1, rounds: 3, roundSeconds: 1.5 } as const;
export const COLD_STARTS = 3;
/** Ten check out under load and the others' carts are read (`measure/shopping.ts`); all of them
 * order, in turn (`measure/orders.ts`). */
export const CUSTOMERS = 20;
export const MIXED = {
  rate: 200,
  warmupSeconds: 5,
  steadySeconds: 30,
  sampleEverySeconds: 1,
  adminPollSeconds: 2,
};

/** Each server starts with the writes limit and the cap on unpaid orders lifted: both are per
 * account, and the order benchmark drives a few accounts far faster than any person could, never
 * paying. Their bookkeeping still runs. */
const SERVER_ENV = {
  TRUST_PROXY: '1',
  RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
  MAX_UNPAID_ORDERS: '1000000',
};

export function shopEnv(port: number, extra: Record<string, string>): Record<string, string> {
  return { ...SERVER_ENV, PUBLIC_URL: `http://127.0.0.1:${port}`, ...extra };
}
