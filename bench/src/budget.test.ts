import { describe, expect, it } from 'vitest';

import { budgetRows, propagationRow } from './budget';

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
