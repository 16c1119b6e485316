import { describe, expect, it } from 'vitest';

import { BUDGET, type Measurements } from './budget';
import { budgetRows, ordersRow, p99Row, phoneRow, propagationRow } from './budget-rows';
import type { PageAudit, Scores } from './lib/lighthouse';
import type { RoundsP99 } from './lib/p99-rounds';
import type { CatalogComparison, Comparison } from './lib/throughput';
import type { OrderGrowthStep } from './measure/order-growth';
import { growthChart } from './measure/order-growth-chart';
import { ORDER_READS } from './measure/order-reads';
import { orderReadRatios, orderReadRow } from './order-read-row';
import { reportedRows } from './reported';

const firstLoad = (jsKb: number, cssKb: number) => ({
  jsBytes: jsKb * 1024,
  cssBytes: cssKb * 1024,
  files: [],
});
const rowsOf = (measured: Omit<Measurements, 'firstLoad'>) =>
  budgetRows({ firstLoad: firstLoad(90, 10), ...measured });
const row = (rows: ReturnType<typeof budgetRows>, start: string) =>
  rows.find((r) => r.budget.startsWith(start));

const comparison = (rps: number, ceilingRps: number, errors = 0): Comparison => ({
  ratio: rps / ceilingRps,
  ratios: [rps / ceilingRps],
  rounds: [{ rps, ceilingRps }],
  rps,
  ceilingRps,
  errors,
  firstError: errors ? 'status 500' : null,
});
const catalog = (p99: number, ratio = 0.2): CatalogComparison => ({
  ...comparison(20_000 * ratio, 20_000),
  catalogP99: p99,
  catalogP50: 0.4,
});
const p99 = (ms: number, errors = 0): RoundsP99 => ({
  p99: ms,
  p99s: [ms - 1, ms, ms * 3],
  responses: 1_000,
  errors,
  firstError: errors ? 'status 409' : null,
});
const scores = (performance: number, accessibility = 100): Scores => ({
  performance,
  accessibility,
  'best-practices': 100,
  seo: 100,
});
const phonePage = (path: string, median: Scores, profile: PageAudit['profile'] = 'phone') => ({
  path,
  profile,
  scores: median,
  runs: [median, median, median],
  blockingMs: [100, 100, 100],
  shortfalls: [],
});
const step = (orders: number, ms: number, errors = 0): OrderGrowthStep => ({
  orders,
  p99: Object.fromEntries(ORDER_READS.map((read) => [read, ms])) as OrderGrowthStep['p99'],
  errors,
});

describe('the budget table', () => {
  it('misses every budget a failed measurement left unmeasured, so --check fails', () => {
    const rows = rowsOf({});
    for (const start of [
      'Catalog GET',
      'A part page',
      "A signed-in customer's cart",
      'Checkout',
      'POST /api/orders on PostgreSQL',
      'Lighthouse /cart as a phone',
      'A search of one word',
      'My Orders among',
      'Cold start',
      'Resident memory',
    ]) {
      expect(row(rows, start)).toMatchObject({ measured: 'not measured', ok: false });
    }
  });

  it('judges the catalog on its p99 alone: its ratio to bare Fastify is reported, never judged', () => {
    const slowRatio = rowsOf({ catalog: catalog(3.9, 0.19) });
    expect(row(slowRatio, 'Catalog GET')).toMatchObject({ measured: '3.9 ms', ok: true });
    expect(slowRatio.some((judged) => judged.budget.includes('÷'))).toBe(false);
    expect(row(rowsOf({ catalog: catalog(BUDGET.catalogP99Ms) }), 'Catalog GET')?.ok).toBe(false);
    expect(reportedRows({ catalog: catalog(3.9, 0.19) })).toEqual([
      {
        figure: 'Catalog GET /api/parts ÷ bare Fastify sending the same bytes, req/s',
        measured: '0.19 (3,800/s against 20,000/s; rounds 0.19)',
      },
    ]);
  });

  it('holds each p99 under its floor on the median of its rounds, and fails any error', () => {
    expect(p99Row('Checkout', 500, p99(499.9))).toEqual({
      budget: 'Checkout, p99 at 10 connections',
      floor: '< 500 ms',
      measured: '499.9 ms (rounds 498.9, 499.9, 1499.7)',
      ok: true,
    });
    expect(p99Row('Checkout', 500, p99(500)).ok).toBe(false);
    expect(p99Row('Checkout', 500, p99(5, 1))).toMatchObject({
      measured: '5.0 ms (rounds 4.0, 5.0, 15.0), 1 errors (first: status 409)',
      ok: false,
    });
    const shopping = { part: p99(4), cart: p99(BUDGET.cartP99Ms), checkout: p99(4) };
    const rows = rowsOf({ shopping });
    expect(row(rows, 'A part page')?.ok).toBe(true);
    expect(row(rows, "A signed-in customer's cart")?.ok).toBe(false);
  });

  it('judges the orders a second against their floor, and prints the ratio to bare Fastify beside', () => {
    const floor = BUDGET.ordersPerSecondPostgres;
    expect(ordersRow('PostgreSQL', comparison(floor, 20_000), floor)).toMatchObject({
      floor: `≥ ${floor}/s`,
      ok: true,
    });
    expect(ordersRow('PostgreSQL', comparison(floor - 1, 100), floor).ok).toBe(false);
    expect(ordersRow('PostgreSQL', comparison(400, 20_000, 1), floor).ok).toBe(false);
    const reported = reportedRows({ pgliteOrders: comparison(94, 11_835) });
    expect(reported).toEqual([
      {
        figure: 'POST /api/orders on PGlite per 1,000 bare Fastify responses',
        measured: '7.9 (94/s against 11,835/s; rounds 7.9)',
      },
    ]);
  });

  it('judges the grown catalog: the search at its floor misses, and any error fails both rows', () => {
    const growth = { parts: 10_000, firstPageP99: 4, searchTotal: 2_377, firstSearchMs: 60 };
    const grown = (searchP99: number, errors: number) =>
      rowsOf({ growth: { ...growth, searchP99, errors, home: undefined } });
    expect(row(grown(BUDGET.searchP99Ms - 0.1, 0), 'A search of one word')?.ok).toBe(true);
    expect(row(grown(BUDGET.searchP99Ms, 0), 'A search of one word')?.ok).toBe(false);
    expect(row(grown(5, 1), "The home page's first 12")).toMatchObject({
      measured: '4.0 ms, 1 errors',
      ok: false,
    });
  });

  it('judges the order reads at the largest history on PostgreSQL, on their p99 and errors', () => {
    const floor = BUDGET.orderReadP99Ms;
    // A slow small history is drawn, not judged.
    expect(
      orderReadRow('Overview', 'PostgreSQL', [step(1_000, floor * 2), step(100_000, floor - 1)]),
    ).toMatchObject({
      budget: 'Overview among 100,000 orders on PostgreSQL, p99 at 10 connections',
      floor: `< ${floor} ms`,
      ok: true,
    });
    expect(orderReadRow('My Orders', 'PostgreSQL', [step(100_000, floor)]).ok).toBe(false);
    expect(
      orderReadRow('Manage Orders, a deep page', 'PostgreSQL', [step(100_000, 3, 2)]),
    ).toMatchObject({ measured: '3.0 ms, 2 errors in the step', ok: false });
    expect(orderReadRow('Manage Orders, first page', 'PostgreSQL', [step(1_000, 3)])).toMatchObject(
      { measured: 'not measured', ok: false },
    );
    // PostgreSQL's reads are budget rows; PGlite's slow ones fail nothing.
    const rows = rowsOf({
      orderGrowth: { PGlite: [step(100_000, floor * 10)], PostgreSQL: [step(100_000, 20)] },
    });
    expect(row(rows, 'Overview among 100,000 orders on PostgreSQL')?.ok).toBe(true);
    expect(rows.filter((judged) => judged.budget.includes('100,000 orders on PGlite'))).toEqual([]);
  });

  it('reports each read’s ratio to its bare read where the whole bench timed one, and judges none', () => {
    const each = (ms: number) =>
      Object.fromEntries(ORDER_READS.map((read) => [read, ms])) as OrderGrowthStep['p99'];
    const timedBeside: OrderGrowthStep = {
      ...step(100_000, 97.4),
      ceiling: { p99: each(33), ratio: each(2.95), errors: 0 },
    };
    expect(orderReadRatios([timedBeside])[0]).toEqual({
      figure: 'Manage Orders, first page among 100,000 orders on PostgreSQL ÷ its bare read, p99',
      measured: '2.95 (against 33.0 ms)',
    });
    expect(orderReadRatios([step(100_000, 97.4)])).toEqual([]);
    expect(orderReadRow('My Orders', 'PostgreSQL', [timedBeside]).ok).toBe(true);
  });

  it('judges each phone page on the median of its runs, every category against its floor', () => {
    const pages = [
      phonePage('/', scores(BUDGET.phone.performance)),
      phonePage('/parts/:id', scores(BUDGET.phone.performance - 1)),
      phonePage('/cart', scores(99, 99)),
      // The same page on slow 4G is another page: reported, not the phone's.
      phonePage('/login', scores(10), 'slow 4G'),
    ];
    expect(phoneRow('/', pages)).toMatchObject({
      floor: `≥ ${BUDGET.phone.performance} / 100 / 100 / 100`,
      ok: true,
    });
    expect(phoneRow('/parts/:id', pages).ok).toBe(false);
    expect(phoneRow('/cart', pages).ok).toBe(false);
    expect(phoneRow('/login', pages)).toMatchObject({ measured: 'not measured', ok: false });
    expect(reportedRows({ pages })).toEqual([
      {
        figure: "Lighthouse /login on slow 4G, the machine's CPU as it is",
        measured: '10 / 100 / 100 / 100 (median of 3), goal ≥ 95 / 100 / 100 / 95',
      },
    ]);
  });

  it('draws each read at each size, and says the figures in words for a screen reader', () => {
    const steps = [1_000, 10_000, 100_000].map((orders, i) => ({
      orders,
      p99: Object.fromEntries(
        ORDER_READS.map((read, j) => [read, 2 + i * 3 + j]),
      ) as OrderGrowthStep['p99'],
      errors: 0,
    }));
    const svg = growthChart(steps, 20, 'PostgreSQL');
    expect(svg.match(/<polyline /g)).toHaveLength(ORDER_READS.length);
    expect(svg.match(/<circle /g)).toHaveLength(ORDER_READS.length * steps.length);
    expect(svg).toContain('100,000 orders: Manage Orders, first page 8.0 ms');
    for (const read of ORDER_READS) expect(svg).toContain(`>${read}</text>`);
    expect(svg).toContain('floor: 20 ms</text>');
    // A floor far above every read is named, not drawn.
    expect(growthChart(steps, 500, 'PostgreSQL')).toContain('floor: 500 ms, above this scale');
    expect(svg).toContain('at 10 connections on PostgreSQL');
  });

  it('holds the first load under its floors: 110 KB of JavaScript misses, 109.9 KB does not', () => {
    expect(
      row(budgetRows({ firstLoad: firstLoad(110, 10) }), 'Home page first-load JavaScript'),
    ).toMatchObject({ measured: '110.0 KB', ok: false });
    expect(
      row(budgetRows({ firstLoad: firstLoad(109.9, 10) }), 'Home page first-load JavaScript'),
    ).toMatchObject({ ok: true });
  });

  it('judges propagation on the worst write counted from its sending, not from its response', () => {
    const instances = (afterSendMs: number[]) => ({
      propagation: { afterSendMs, afterAnswerMs: afterSendMs.map((ms) => ms / 2) },
    });
    expect(propagationRow(instances([5, 999])).ok).toBe(true);
    expect(propagationRow(instances([5, 1000])).ok).toBe(false);
    expect(propagationRow(undefined)).toMatchObject({ measured: 'not measured', ok: false });
  });

  it('judges the cold start on its median in seconds, its ratio to the bare start reported', () => {
    const starts = (shopMs: number[]) => ({ shopMs, bareMs: [500, 500, 500], ratio: 9 });
    expect(row(rowsOf({ starts: starts([900, 1_000, 8_000]) }), 'Cold start')).toMatchObject({
      measured: '1.00 s (0.90 s, 1.00 s, 8.00 s)',
      ok: true,
    });
    expect(row(rowsOf({ starts: starts([BUDGET.coldStartMs, 1, 1e6]) }), 'Cold start')?.ok).toBe(
      false,
    );
    expect(reportedRows({ starts: starts([900, 1_000, 8_000]) })[0]?.measured).toBe(
      '9.00 (1.00 s against 0.50 s)',
    );
  });
});
