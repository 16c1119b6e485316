import { describe, expect, it } from 'vitest';

import { budgetRows, orderReadRow, propagationRow } from './budget';
import type { OrderGrowthStep } from './measure/order-growth';
import { growthChart } from './measure/order-growth-chart';
import { ORDER_READS } from './measure/order-reads';

const firstLoad = (jsKb: number, cssKb: number) => ({
  jsBytes: jsKb * 1024,
  cssBytes: cssKb * 1024,
  files: [],
});
const row = (rows: ReturnType<typeof budgetRows>, start: string) =>
  rows.find((r) => r.budget.startsWith(start));

describe('the budget table', () => {
  it('misses every budget a failed measurement left unmeasured, so --check fails', () => {
    const rows = budgetRows({ firstLoad: firstLoad(90, 10) });
    expect(row(rows, 'Catalog GET')).toMatchObject({ measured: 'not measured', ok: false });
    expect(row(rows, 'POST /api/orders on PostgreSQL')?.ok).toBe(false);
    expect(row(rows, 'Lighthouse /login')?.ok).toBe(false);
    expect(row(rows, 'A search of one word')).toMatchObject({
      measured: 'not measured',
      ok: false,
    });
  });

  it('holds the catalog to 0.45 of bare Fastify sending the same bytes, without errors', () => {
    const catalog = (ratio: number, errors = 0) =>
      row(
        budgetRows({
          firstLoad: firstLoad(90, 10),
          catalog: {
            ratio,
            ratios: [ratio],
            rps: 20_000 * ratio,
            ceilingRps: 20_000,
            errors,
            firstError: errors ? 'timeout' : null,
            catalogP99: 1.9,
            catalogP50: 0.4,
          },
        }),
        'Catalog GET',
      );
    expect(catalog(0.45)).toMatchObject({ floor: '≥ 0.45', measured: '0.45', ok: true });
    expect(catalog(0.44)?.ok).toBe(false);
    expect(catalog(0.6, 1)?.ok).toBe(false);
  });

  it('judges the grown catalog: the search at 20 ms misses, and any error fails both rows', () => {
    const growth = { parts: 10_000, firstPageP99: 4, searchP99: 19.9, searchTotal: 2_377 };
    const grown = (searchP99: number, errors: number) =>
      budgetRows({
        firstLoad: firstLoad(90, 10),
        growth: { ...growth, searchP99, errors, firstSearchMs: 60, home: undefined },
      });
    expect(row(grown(19.9, 0), 'A search of one word')).toMatchObject({ ok: true });
    expect(row(grown(20, 0), 'A search of one word')).toMatchObject({ ok: false });
    expect(row(grown(5, 1), "The home page's first 12")).toMatchObject({
      measured: '4.0 ms, 1 errors',
      ok: false,
    });
  });

  it('judges the order reads at the largest history on PostgreSQL, each under 50 ms and without errors; PGlite is not judged', () => {
    const step = (orders: number, ms: number, errors = 0): OrderGrowthStep => ({
      orders,
      p99: Object.fromEntries(ORDER_READS.map((read) => [read, ms])) as OrderGrowthStep['p99'],
      errors,
    });
    // A slow small history is drawn, not judged.
    expect(
      orderReadRow('Overview', 'PostgreSQL', [step(1_000, 80), step(100_000, 49.9)]),
    ).toMatchObject({
      budget: 'Overview among 100,000 orders on PostgreSQL, p99 at 10 connections',
      measured: '49.9 ms',
      ok: true,
    });
    expect(orderReadRow('My Orders', 'PostgreSQL', [step(100_000, 50)]).ok).toBe(false);
    expect(
      orderReadRow('Manage Orders, a deep page', 'PostgreSQL', [step(100_000, 3, 2)]),
    ).toMatchObject({
      measured: '3.0 ms, 2 errors in the step',
      ok: false,
    });
    expect(orderReadRow('Manage Orders, first page', 'PostgreSQL', [step(1_000, 3)])).toMatchObject(
      {
        measured: 'not measured',
        ok: false,
      },
    );
    // PostgreSQL's reads are budget rows; PGlite's slow ones fail nothing.
    const rows = budgetRows({
      firstLoad: firstLoad(90, 10),
      orderGrowth: { PGlite: [step(100_000, 500)], PostgreSQL: [step(100_000, 20)] },
    });
    expect(row(rows, 'Overview among 100,000 orders on PostgreSQL')).toMatchObject({ ok: true });
    expect(rows.filter((judged) => judged.budget.includes('PGlite,'))).toEqual([]);
    const unmeasured = budgetRows({ firstLoad: firstLoad(90, 10) });
    expect(row(unmeasured, 'My Orders among')).toMatchObject({ ok: false });
  });

  it('takes a read over 50 ms on a slow day when it stays within 3 times its bare read of the same rounds, and no more', () => {
    const each = (ms: number) =>
      Object.fromEntries(ORDER_READS.map((read) => [read, ms])) as OrderGrowthStep['p99'];
    const slow = (
      ms: number,
      ceilingMs: number,
      ratio: number,
      { errors = 0, ceilingErrors = 0 } = {},
    ): OrderGrowthStep[] => [
      {
        orders: 100_000,
        p99: each(ms),
        ceiling: { p99: each(ceilingMs), ratio: each(ratio), errors: ceilingErrors },
        errors,
      },
    ];
    expect(orderReadRow('Manage Orders, paid only', 'PostgreSQL', slow(97.4, 33, 2.95))).toEqual({
      budget: 'Manage Orders, paid only among 100,000 orders on PostgreSQL, p99 at 10 connections',
      floor: '< 50 ms, or ≤ 3 × a bare read',
      measured: "97.4 ms (2.95 × the bare read's 33.0 ms)",
      ok: true,
    });
    // The ratio is the median of the rounds' own: it decides, not the medians' quotient.
    expect(orderReadRow('My Orders', 'PostgreSQL', slow(60, 30, 3.01))).toMatchObject({
      measured: "60.0 ms (3.01 × the bare read's 30.0 ms)",
      ok: false,
    });
    // Under 50 ms is enough whatever the ceiling did.
    expect(orderReadRow('My Orders', 'PostgreSQL', slow(49, 5, 9.8)).ok).toBe(true);
    // Errors fail the read however fast it was.
    expect(orderReadRow('Overview', 'PostgreSQL', slow(60, 30, 2, { errors: 1 }))).toMatchObject({
      measured: "60.0 ms (2.00 × the bare read's 30.0 ms), 1 errors in the step",
      ok: false,
    });
    // A ceiling that failed proves nothing: only 50 ms can pass the read then.
    expect(
      orderReadRow('Overview', 'PostgreSQL', slow(60, 30, 2, { ceilingErrors: 3 })),
    ).toMatchObject({
      measured: "60.0 ms (2.00 × the bare read's 30.0 ms, which failed 3 times)",
      ok: false,
    });
    expect(orderReadRow('Overview', 'PostgreSQL', slow(40, 30, 2, { ceilingErrors: 3 })).ok).toBe(
      true,
    );
    // PGlite's reads have no ceiling, and their goal says none.
    expect(
      orderReadRow('Overview', 'PGlite', [{ orders: 100_000, p99: each(60), errors: 0 }]),
    ).toMatchObject({
      floor: '< 50 ms',
      measured: '60.0 ms',
      ok: false,
    });
  });

  it('draws each read at each size, and says the figures in words for a screen reader', () => {
    const steps = [1_000, 10_000, 100_000].map((orders, i) => ({
      orders,
      p99: Object.fromEntries(
        ORDER_READS.map((read, j) => [read, 2 + i * 3 + j]),
      ) as OrderGrowthStep['p99'],
      errors: 0,
    }));
    const svg = growthChart(steps, 50, 'PostgreSQL');
    expect(svg.match(/<polyline /g)).toHaveLength(ORDER_READS.length);
    expect(svg.match(/<circle /g)).toHaveLength(ORDER_READS.length * steps.length);
    expect(svg).toContain('100,000 orders: Manage Orders, first page 8.0 ms');
    for (const read of ORDER_READS) expect(svg).toContain(`>${read}</text>`);
    expect(svg).toContain('goal: 50 ms');
    expect(svg).toContain('at 10 connections on PostgreSQL');
  });

  it('holds the first load under its floors: 100 KB of JavaScript misses, 99.9 KB does not', () => {
    expect(
      row(budgetRows({ firstLoad: firstLoad(100, 10) }), 'Home page first-load JavaScript'),
    ).toMatchObject({ measured: '100.0 KB', ok: false });
    expect(
      row(budgetRows({ firstLoad: firstLoad(99.9, 10) }), 'Home page first-load JavaScript'),
    ).toMatchObject({ ok: true });
  });

  it('judges propagation on the worst write counted from its sending, not from its answer', () => {
    const instances = (afterSendMs: number[]) => ({
      propagation: { afterSendMs, afterAnswerMs: afterSendMs.map((ms) => ms / 2) },
      orders: { ratio: 1, ratios: [1], rps: 1, ceilingRps: 1, errors: 0, firstError: null },
    });
    expect(propagationRow(instances([5, 999])).ok).toBe(true);
    expect(propagationRow(instances([5, 1000])).ok).toBe(false);
    expect(propagationRow(undefined)).toMatchObject({ measured: 'not measured', ok: false });
  });
});
