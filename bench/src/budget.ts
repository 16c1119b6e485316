// The performance budget of docs/performance.md: the floors of what customers feel, which the gate
// judges (decision 023 says why each has the margin it has), and what a run measured.
import type { FirstLoad } from './lib/first-load';
import type { PageAudit } from './lib/lighthouse';
import type { MixedLoadResult } from './lib/mixed-load';
import type { CatalogComparison, Comparison } from './lib/throughput';
import type { ColdStarts } from './measure/cold-start';
import type { Growth } from './measure/growth';
import type { Instances } from './measure/instances';
import type { OrderGrowthStep } from './measure/order-growth';
import type { GrowthDatabase } from './measure/order-history';
import type { Shopping } from './measure/shopping';

export const BUDGET = {
  /** p99s at 10 connections, in ms, on the PGlite shop after Lighthouse's visits: what a
   * customer waits for to see a page's data, and to place an order. */
  catalogP99Ms: 20,
  partP99Ms: 150,
  cartP99Ms: 750,
  /** The order of every line of the cart, priced and its stock reserved in one transaction
   * (decision 022). */
  checkoutP99Ms: 2_000,
  /** With GROWTH.parts parts: the home page's first page, and a search (decision 012). */
  firstPageP99Ms: 50,
  searchP99Ms: 50,
  /** With the largest of ORDER_GROWTH.steps orders on PostgreSQL: each of the admin's and a
   * customer's reads of them, which must not grow with the years of orders behind them. */
  orderReadP99Ms: 500,
  /** POST /api/orders, stock reserved in the same transaction, at 10 connections: the median of the
   * rounds' orders a second. */
  ordersPerSecondPglite: 10,
  ordersPerSecondPostgres: 25,
  /** From launching the server to its first 200, on an existing data directory: the median. */
  coldStartMs: 6_000,
  mixedLoadErrors: 0,
  /** Memory kept after a full collection (heap and outside it): at the load's end over its start. */
  memoryGrowth: 0.1,
  /** Resident memory after the mixed load: the shop on a 2 GB machine, half of it to spare. */
  memoryAfterLoadMb: 1_000,
  /** The home page's JavaScript before anything shows. The vehicle picker and the fit of each
   * card are part of the home page now (decision 024); the phone's Lighthouse score is judged
   * beside it. */
  firstLoadJsKb: 110,
  /** The stylesheet every page waits for before it shows anything (18 KB with all of daisyUI). */
  firstLoadCssKb: 16,
  /** A write committed through one instance shows on another within a second (decision 003),
   * counted from sending the write: the worst of the run's writes. */
  propagationWorstMs: 1000,
  /** Lighthouse's default mobile profile, the median of three runs (`measure/pages.ts`). */
  phone: { performance: 80, accessibility: 100, 'best-practices': 100, seo: 100 },
  /** Slow 4G with the machine's CPU as it is: the goal of the pages the whole bench reports. */
  slow4G: { performance: 95, accessibility: 100, 'best-practices': 100, seo: 95 },
} as const;

/** What a run measured; a part of the benchmark that failed leaves its figures out. */
export interface Measurements {
  firstLoad: FirstLoad;
  starts?: ColdStarts | undefined;
  /** The phone's pages, judged, and (the whole bench) the other pages on slow 4G, reported. */
  pages?: PageAudit[] | undefined;
  catalog?: CatalogComparison | undefined;
  /** The whole bench's: the catalog against bare node:http. */
  catalogNodeHttp?: CatalogComparison | undefined;
  shopping?: Shopping | undefined;
  pgliteOrders?: Comparison | undefined;
  postgresOrders?: Comparison | undefined;
  mixed?: MixedLoadResult | undefined;
  instances?: Instances | undefined;
  growth?: Growth | undefined;
  /** Each database's steps; PostgreSQL's largest is judged, PGlite's reported. */
  orderGrowth?: Partial<Record<GrowthDatabase, OrderGrowthStep[] | undefined>>;
}

/** A judged row: its floor, the figure measured, and whether it met the floor. */
export interface Row {
  budget: string;
  floor: string;
  measured: string;
  ok: boolean;
}

/** A figure printed beside the judged ones: a ratio to a ceiling, or a page the gate skips. */
export interface Reported {
  figure: string;
  measured: string;
}

export const NOT_MEASURED = 'not measured';
