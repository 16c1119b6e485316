// A read of the grown order history as a row: judged on PostgreSQL, reported on PGlite.
import { BUDGET, NOT_MEASURED, type Reported, type Row } from './budget';
import { CONNECTIONS } from './lib/throughput';
import type { OrderGrowthStep } from './measure/order-growth';
import type { GrowthDatabase } from './measure/order-history';
import { ORDER_READS, type OrderRead } from './measure/order-reads';
import { ORDER_GROWTH } from './settings';

const LARGEST = Math.max(...ORDER_GROWTH.steps);
const among = `among ${LARGEST.toLocaleString('en')} orders`;
const largestOf = (steps: readonly OrderGrowthStep[] | undefined) =>
  steps?.find((step) => step.orders === LARGEST);

/**
 * One read at the largest size of the order history, judged on its p99 (the median of its
 * rounds') and on its errors: a read that grows with the years of orders behind it misses.
 */
export function orderReadRow(
  read: OrderRead,
  database: GrowthDatabase,
  steps: readonly OrderGrowthStep[] | undefined,
): Row {
  const step = largestOf(steps);
  const p99 = step?.p99[read];
  const rounds = step?.p99s?.[read];
  return {
    budget: `${read} ${among} on ${database}, p99 at ${CONNECTIONS} connections`,
    floor: `< ${BUDGET.orderReadP99Ms} ms`,
    measured:
      step && p99 !== undefined
        ? `${p99.toFixed(1)} ms` +
          (rounds ? ` (rounds ${rounds.map((ms) => ms.toFixed(1)).join(', ')})` : '') +
          (step.errors > 0 ? `, ${step.errors} errors in the step` : '')
        : NOT_MEASURED,
    ok: !!step && p99 !== undefined && p99 < BUDGET.orderReadP99Ms && step.errors === 0,
  };
}

/** Each read's p99 over its bare read's, where the whole bench timed the bare reads. */
export function orderReadRatios(steps: readonly OrderGrowthStep[] | undefined): Reported[] {
  const ceiling = largestOf(steps)?.ceiling;
  if (!ceiling) return [];
  const failed = ceiling.errors > 0 ? `; the bare reads failed ${ceiling.errors} times` : '';
  return ORDER_READS.map((read) => ({
    figure: `${read} ${among} on PostgreSQL ÷ its bare read, p99`,
    measured: `${ceiling.ratio[read].toFixed(2)} (against ${ceiling.p99[read].toFixed(1)} ms${failed})`,
  }));
}
