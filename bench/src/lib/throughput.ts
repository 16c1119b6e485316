// Closed-loop throughput with autocannon: as many requests as 10 connections can get answered.
import autocannon from 'autocannon';

import { alternatingRounds } from './alternating-rounds';
import type { OrderRequest } from './shop';
import { median, percentile } from './stats';

export const CONNECTIONS = 10;

export interface Burst {
  requests: number;
  rps: number;
  /** Answers with an unexpected status, and requests that failed outright. */
  errors: number;
  firstError: string | null;
}

interface BurstOptions {
  url: string;
  seconds: number;
  expectStatus?: number;
  requests?: autocannon.Request[];
  /** Sent with every request (a bearer token). */
  headers?: Record<string, string>;
  /** Collects the latency (ms) of every answer. */
  latencies?: number[];
}

export function burst(options: BurstOptions): Promise<Burst> {
  const expected = options.expectStatus ?? 200;
  let errors = 0;
  let firstError: string | null = null;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: CONNECTIONS,
        duration: options.seconds,
        ...(options.requests ? { requests: options.requests } : {}),
        ...(options.headers ? { headers: options.headers } : {}),
      },
      (error, result) => {
        if (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        errors += result.errors + result.timeouts;
        resolve({
          requests: result.requests.total,
          rps: result.requests.total / options.seconds,
          errors,
          firstError,
        });
      },
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      options.latencies?.push(ms);
      if (status !== expected) {
        errors++;
        firstError ??= `status ${status}`;
      }
    });
    instance.on('reqError', (error: unknown) => {
      firstError ??= String(error);
    });
  });
}

/** A figure judged against a ceiling measured in the same moments. */
export interface Comparison {
  /** Median over the rounds of the figure's req/s ÷ the ceiling's, each pair run back to back. */
  ratio: number;
  ratios: number[];
  /** Each round's req/s of the figure and of its ceiling. */
  rounds: { rps: number; ceilingRps: number }[];
  /** Medians over the rounds. */
  rps: number;
  ceilingRps: number;
  errors: number;
  firstError: string | null;
}

/**
 * Alternates short runs of a figure and of its ceiling (`alternatingRounds`); the ratio of each
 * back-to-back pair is taken, and the median of those ratios is the result. A shared machine
 * that runs at half speed for a while halves both sides of a pair, not the ratio.
 */
export async function compareToCeiling(
  measure: (seconds: number) => Promise<Burst>,
  ceiling: (seconds: number) => Promise<Burst>,
  rounds: number,
  seconds: number,
): Promise<Comparison> {
  const pairs = await alternatingRounds(
    rounds,
    () => measure(seconds),
    () => ceiling(seconds),
  );
  const ratios = pairs.map((pair) => pair.figure.rps / pair.ceiling.rps);
  return {
    ratio: median(ratios),
    ratios,
    rounds: pairs.map((pair) => ({ rps: pair.figure.rps, ceilingRps: pair.ceiling.rps })),
    rps: median(pairs.map((pair) => pair.figure.rps)),
    ceilingRps: median(pairs.map((pair) => pair.ceiling.rps)),
    errors: pairs.reduce((sum, pair) => sum + pair.figure.errors + pair.ceiling.errors, 0),
    firstError:
      pairs
        .map((pair) => pair.figure.firstError ?? pair.ceiling.firstError)
        .find((error) => error !== null) ?? null,
  };
}

export interface CatalogComparison extends Comparison {
  catalogP99: number;
  catalogP50: number;
}

/**
 * GET /api/parts against a ceiling that sends the same bytes (`ceilingUrl`), in alternating
 * rounds; every catalog response's latency counts for its percentiles.
 */
export async function compareCatalogToCeiling(
  base: string,
  ceilingUrl: string,
  rounds: number,
  seconds: number,
): Promise<CatalogComparison> {
  const catalog = `${base}/api/parts`;
  // Warm-up: the JIT settles and the catalog cache fills before anything is measured.
  await burst({ url: catalog, seconds: 1 });
  await burst({ url: ceilingUrl, seconds: 1 });
  const latencies: number[] = [];
  const comparison = await compareToCeiling(
    (s) => burst({ url: catalog, seconds: s, latencies }),
    // The ceiling's req/s settles within a second; the catalog's p99 takes the rounds' length.
    () => burst({ url: ceilingUrl, seconds: 1 }),
    rounds,
    seconds,
  );
  return {
    ...comparison,
    catalogP99: percentile(latencies, 99),
    catalogP50: percentile(latencies, 50),
  };
}

/**
 * POST /api/orders from many customers in turn (`orderRequest`), as fast as 10 connections go,
 * for the given seconds; the first call after a start should be a warm-up.
 */
export function orderBursts(
  base: string,
  orders: OrderRequest[],
): (seconds: number) => Promise<Burst> {
  let next = 0;
  const requests: autocannon.Request[] = [
    {
      method: 'POST',
      path: '/api/orders',
      setupRequest: (req) => {
        const order = orders[next++ % orders.length];
        if (!order) throw new Error('no orders to place');
        return {
          ...req,
          headers: { 'content-type': 'application/json', ...order.headers },
          body: JSON.stringify(order.body),
        };
      },
    },
  ];
  return async (seconds) => {
    const result = await burst({ url: base, seconds, expectStatus: 201, requests });
    // autocannon hangs up on the orders still being placed; let the server finish them.
    await new Promise((resolve) => setTimeout(resolve, 500));
    return result;
  };
}
