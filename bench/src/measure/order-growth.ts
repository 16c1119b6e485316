// A shop whose order history has grown: 1,000, then 10,000, then 100,000 orders over 1,000
// customers and a grown catalog's parts, on each database. At each size the admin's and a
// customer's reads of the orders are timed at 10 connections. The whole bench draws every size,
// and on PostgreSQL times each read beside its ceiling, a bare process doing the read's least
// database work and sending the shop's bytes (src/read-ceiling.mjs), whose ratio it reports. The
// largest size on PostgreSQL, the database a shop with years of orders runs on, is judged on its
// p99s, and the gate (`--check`) times that size alone, without the ceilings (decision 023).
import { type Pair, pairInTurn } from '../lib/alternating-rounds';
import type { RunningServer } from '../lib/server-process';
import { median, percentile } from '../lib/stats';
import { burst } from '../lib/throughput';
import type { Session } from '../session';
import { ORDER_GROWTH } from '../settings';
import { growHistory, type OrderHistory } from './order-history';
import { startReadCeiling } from './order-read-ceiling';
import { deepPageOf, ORDER_READS, type OrderRead, type ReadRequest, readsOf } from './order-reads';

export interface OrderGrowthStep {
  orders: number;
  /** p99 of each read at 10 connections, in ms: the median of its rounds'. */
  p99: Record<OrderRead, number>;
  /** Each round's p99 of each read. */
  p99s?: Record<OrderRead, number[]> | undefined;
  /** Where the history is on PostgreSQL: the same of each read's ceiling, timed in the same
   * rounds, the median over the rounds of the read's p99 ÷ its ceiling's, and the ceiling's own
   * errors (its ratio means nothing then). */
  ceiling?:
    | { p99: Record<OrderRead, number>; ratio: Record<OrderRead, number>; errors: number }
    | undefined;
  /** The shop's answers that failed. */
  errors: number;
}

const byRead = (figure: (read: OrderRead) => number) =>
  Object.fromEntries(ORDER_READS.map((read) => [read, figure(read)])) as Record<OrderRead, number>;

/**
 * Each read warmed up, then timed in rounds, each round timing every read once, in an order that
 * rotates from round to round: the machine's load of the moment weighs on every read alike. With
 * a ceiling (`ceilingBase`), each read's burst is paired with one of its ceiling, back to back
 * (`pairInTurn`; an even number of rounds, so each side goes first as often). A read's figure is the median of its rounds' p99s, and its ratio the median of
 * its pairs' ratios: one round caught by the database's checkpoint or a neighbour's burst on the
 * shared machine does not decide it, while a read that got slower is slower in most rounds.
 */
async function p99sOf(
  base: string,
  reads: Record<OrderRead, ReadRequest>,
  ceilingBase?: string,
): Promise<Omit<OrderGrowthStep, 'orders'>> {
  const rounds = new Map<OrderRead, Pair<number>[]>(ORDER_READS.map((read) => [read, []]));
  const errors = { shop: 0, ceiling: 0 };
  const time = async (
    side: keyof typeof errors,
    url: string,
    headers: Record<string, string>,
    seconds: number,
  ) => {
    const latencies: number[] = [];
    const result = await burst({ url, seconds, headers, latencies });
    errors[side] += result.errors;
    return percentile(latencies, 99);
  };
  const timeShop = (read: OrderRead, seconds: number) =>
    time(
      'shop',
      `${base}${reads[read].path}`,
      { authorization: `Bearer ${reads[read].token}` },
      seconds,
    );
  const timeCeiling = (read: OrderRead, seconds: number) =>
    ceilingBase
      ? time('ceiling', `${ceilingBase}/reads/${ORDER_READS.indexOf(read)}`, {}, seconds)
      : Promise.resolve(Number.NaN);
  for (const read of ORDER_READS) {
    await timeShop(read, ORDER_GROWTH.warmupSeconds);
    await timeCeiling(read, ORDER_GROWTH.warmupSeconds);
  }
  for (let round = 0; round < ORDER_GROWTH.rounds; round++) {
    for (let i = 0; i < ORDER_READS.length; i++) {
      const read = ORDER_READS[(i + round) % ORDER_READS.length];
      if (!read) continue;
      const seconds = ORDER_GROWTH.roundSeconds;
      const pair = await pairInTurn(
        round,
        () => timeShop(read, seconds),
        () => timeCeiling(read, seconds),
      );
      rounds.get(read)?.push(pair);
    }
  }
  const pairs = (read: OrderRead) => rounds.get(read) ?? [];
  return {
    p99: byRead((read) => median(pairs(read).map((pair) => pair.figure))),
    p99s: Object.fromEntries(
      ORDER_READS.map((read) => [read, pairs(read).map((pair) => pair.figure)]),
    ) as Record<OrderRead, number[]>,
    ceiling: ceilingBase
      ? {
          p99: byRead((read) => median(pairs(read).map((pair) => pair.ceiling))),
          ratio: byRead((read) => median(pairs(read).map((pair) => pair.figure / pair.ceiling))),
          errors: errors.ceiling,
        }
      : undefined,
    errors: errors.shop,
  };
}

/**
 * Grows the history size by size (ORDER_GROWTH.steps, or only the largest of them), with its shop
 * stopped, and times the reads at each (on PostgreSQL beside their ceilings, unless `ceilings`
 * is false). `atLargest` runs on the shop of the largest size once its reads are timed.
 */
export async function measureOrderGrowth(
  session: Session,
  history: OrderHistory,
  {
    largestOnly = false,
    ceilings = true,
    atLargest,
  }: {
    largestOnly?: boolean;
    ceilings?: boolean;
    atLargest?: (base: string) => Promise<void>;
  } = {},
): Promise<OrderGrowthStep[]> {
  const steps: OrderGrowthStep[] = [];
  const largest = Math.max(...ORDER_GROWTH.steps);
  const sizes = largestOnly ? [largest] : ORDER_GROWTH.steps;
  for (const orders of sizes) {
    if (history.seeded !== orders) await growHistory(history, orders);
    const deep = await deepPageOf(history.target, orders);
    const server = await history.startShop();
    session.onEnd(() => server.stop());
    let ceiling: RunningServer | undefined;
    try {
      const reads = await readsOf(server.base, history.shop, deep);
      // PGlite's data directory has one owner, the shop: its reads have no ceiling.
      if (ceilings && 'url' in history.target) {
        ceiling = await startReadCeiling(session, server.base, history.target.url, reads);
      }
      steps.push({ orders, ...(await p99sOf(server.base, reads, ceiling?.base)) });
      if (orders === largest) await atLargest?.(server.base);
    } finally {
      await ceiling?.stop();
      await server.stop();
    }
  }
  return steps;
}
