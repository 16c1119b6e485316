// The judged rows of the budget table, one per floor of BUDGET: what customers feel, in
// milliseconds, orders a second, kilobytes and Lighthouse's scores.
import { BUDGET, type Measurements, NOT_MEASURED, type Row } from './budget';
import { kb, perSecond, propagationFigure, seconds } from './format';
import { CATEGORIES, meetsFloors, type PageAudit } from './lib/lighthouse';
import type { RoundsP99 } from './lib/p99-rounds';
import type { KeptMemory } from './lib/server-process';
import { median } from './lib/stats';
import { type Comparison, CONNECTIONS } from './lib/throughput';
import type { Growth } from './measure/growth';
import type { Instances } from './measure/instances';
import { ORDER_READS } from './measure/order-reads';
import { PHONE_PAGES } from './measure/pages';
import { orderReadRow } from './order-read-row';
import { CLUSTER, GROWTH, MIXED } from './settings';

const ms = (value: number) => `${value.toFixed(1)} ms`;
const withErrors = (errors: number, firstError?: string | null) =>
  errors > 0 ? `, ${errors} errors (first: ${firstError ?? '?'})` : '';
const at = `p99 at ${CONNECTIONS} connections`;

/** A p99 judged under its floor; any error fails it too. */
export function p99Row(what: string, floorMs: number, figure: RoundsP99 | undefined): Row {
  return {
    budget: `${what}, ${at}`,
    floor: `< ${floorMs} ms`,
    measured: figure
      ? `${ms(figure.p99)} (rounds ${figure.p99s.map((p99) => p99.toFixed(1)).join(', ')})` +
        withErrors(figure.errors, figure.firstError)
      : NOT_MEASURED,
    ok: !!figure && figure.p99 < floorMs && figure.errors === 0,
  };
}

/** Orders a second, the median of the rounds, each round's figure shown; errors fail it. */
export function ordersRow(database: string, figure: Comparison | undefined, floor: number): Row {
  return {
    budget: `POST /api/orders on ${database}, stock reserved, orders a second at ${CONNECTIONS} connections`,
    floor: `≥ ${floor}/s`,
    measured: figure
      ? `${perSecond(figure.rps)} (rounds ${figure.rounds.map((r) => perSecond(r.rps)).join(', ')})` +
        withErrors(figure.errors, figure.firstError)
      : NOT_MEASURED,
    ok: !!figure && figure.rps >= floor && figure.errors === 0,
  };
}

/** Judged on the worst write from its sending: the commit comes before the response, so only
 * that count is sure to hold the whole of the time from the commit. */
export const propagationRow = (instances: Instances | undefined): Row => {
  const worst = instances ? Math.max(...instances.propagation.afterSendMs) : Number.NaN;
  return {
    budget: `A write through one of ${CLUSTER.instancePorts.length} instances, shown by another: worst of ${CLUSTER.writes}`,
    floor: `< ${BUDGET.propagationWorstMs} ms`,
    measured: instances ? propagationFigure(instances.propagation) : NOT_MEASURED,
    ok: worst < BUDGET.propagationWorstMs,
  };
};

const firstLoadRow = (what: string, bytes: number, floorKb: number): Row => ({
  budget: `Home page first-load ${what} (gzip)`,
  floor: `< ${floorKb} KB`,
  measured: `${kb(bytes).toFixed(1)} KB`,
  ok: kb(bytes) < floorKb,
});

/** A phone's page on the median of its runs, each run's performance shown. */
export function phoneRow(name: string, pages: readonly PageAudit[] | undefined): Row {
  const page = pages?.find((p) => p.profile === 'phone' && p.path === name);
  return {
    budget: `Lighthouse ${name} as a phone, 4× CPU and slow 4G (performance / accessibility / best practices / SEO)`,
    floor: `≥ ${CATEGORIES.map((c) => BUDGET.phone[c]).join(' / ')}`,
    measured: page
      ? `${CATEGORIES.map((c) => page.scores[c]).join(' / ')} (median of ${page.runs.length}; ` +
        `performance ${page.runs.map((run) => run.performance).join(', ')})`
      : NOT_MEASURED,
    ok: !!page && meetsFloors(page.scores, BUDGET.phone),
  };
}

/** Live objects and what lies outside the heap (PGlite's memory above all): the bytes kept.
 * Resident memory right after a collection still holds pages V8 has yet to hand back. */
export const keptMb = (memory: KeptMemory) => memory.heapMb + memory.externalMb;

/** A figure of the catalog grown to GROWTH.parts parts; its errors (both figures') fail it too. */
const grownRow = (
  what: string,
  floorMs: number,
  growth: Growth | undefined,
  p99?: number,
): Row => ({
  budget: `${what} among ${GROWTH.parts.toLocaleString('en')} parts, ${at}`,
  floor: `< ${floorMs} ms`,
  measured:
    growth && p99 !== undefined
      ? `${ms(p99)}${growth.errors > 0 ? `, ${growth.errors} errors` : ''}`
      : NOT_MEASURED,
  ok: !!growth && p99 !== undefined && p99 < floorMs && growth.errors === 0,
});

function memoryRows(mixed: Measurements['mixed']): Row[] {
  const kept = mixed ? keptMb(mixed.kept.end) / keptMb(mixed.kept.start) - 1 : Number.NaN;
  return [
    {
      budget: 'Memory kept through the mixed load (heap + outside it, after a full collection)',
      floor: `≤ +${(BUDGET.memoryGrowth * 100).toFixed(0)}%`,
      measured: mixed
        ? `${kept >= 0 ? '+' : ''}${(kept * 100).toFixed(1)}% ` +
          `(${keptMb(mixed.kept.start).toFixed(0)} → ${keptMb(mixed.kept.end).toFixed(0)} MB)`
        : NOT_MEASURED,
      ok: !!mixed && kept <= BUDGET.memoryGrowth,
    },
    {
      budget: 'Resident memory after the mixed load (after a full collection)',
      floor: `< ${BUDGET.memoryAfterLoadMb} MB`,
      measured: mixed ? `${mixed.kept.end.rssMb.toFixed(0)} MB` : NOT_MEASURED,
      ok: !!mixed && mixed.kept.end.rssMb < BUDGET.memoryAfterLoadMb,
    },
  ];
}

export function budgetRows(measured: Measurements): Row[] {
  const { firstLoad, starts, catalog, shopping, mixed, growth } = measured;
  const coldStartMs = starts ? median(starts.shopMs) : Number.NaN;
  return [
    {
      budget: `Catalog GET /api/parts, ${at}`,
      floor: `< ${BUDGET.catalogP99Ms} ms`,
      measured: catalog
        ? ms(catalog.catalogP99) + withErrors(catalog.errors, catalog.firstError)
        : NOT_MEASURED,
      ok: !!catalog && catalog.catalogP99 < BUDGET.catalogP99Ms && catalog.errors === 0,
    },
    p99Row('A part page, GET /api/parts/:id', BUDGET.partP99Ms, shopping?.part),
    p99Row("A signed-in customer's cart, GET /api/cart", BUDGET.cartP99Ms, shopping?.cart),
    p99Row('Checkout, POST /api/cart/checkout', BUDGET.checkoutP99Ms, shopping?.checkout),
    grownRow("The home page's first 12", BUDGET.firstPageP99Ms, growth, growth?.firstPageP99),
    grownRow('A search of one word', BUDGET.searchP99Ms, growth, growth?.searchP99),
    // Years of orders live on PostgreSQL; PGlite's figures are reported beside the table.
    ...ORDER_READS.map((read) =>
      orderReadRow(read, 'PostgreSQL', measured.orderGrowth?.PostgreSQL),
    ),
    ordersRow('PGlite', measured.pgliteOrders, BUDGET.ordersPerSecondPglite),
    ordersRow('PostgreSQL', measured.postgresOrders, BUDGET.ordersPerSecondPostgres),
    {
      budget: 'Cold start to the first 200, existing data directory (median)',
      floor: `< ${seconds(BUDGET.coldStartMs)}`,
      measured: starts
        ? `${seconds(coldStartMs)} (${starts.shopMs.map(seconds).join(', ')})`
        : NOT_MEASURED,
      ok: !!starts && coldStartMs < BUDGET.coldStartMs,
    },
    {
      budget: `Errors in the mixed load (${MIXED.steadySeconds} s at ${MIXED.rate} req/s)`,
      floor: `${BUDGET.mixedLoadErrors}`,
      measured: mixed
        ? `${mixed.errors} of ${mixed.sent} (p99 ${mixed.p99.toFixed(1)} ms)`
        : NOT_MEASURED,
      ok: !!mixed && mixed.errors === BUDGET.mixedLoadErrors,
    },
    ...memoryRows(mixed),
    propagationRow(measured.instances),
    firstLoadRow('JavaScript', firstLoad.jsBytes, BUDGET.firstLoadJsKb),
    firstLoadRow('CSS', firstLoad.cssBytes, BUDGET.firstLoadCssKb),
    ...PHONE_PAGES.map((name) => phoneRow(name, measured.pages)),
  ];
}
