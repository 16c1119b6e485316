// What the run logs as each measurement comes in: the figures behind the budget table's, for
// whoever has to explain a missed budget.
import { balancerFigure, kb, ordersFigure, perSecond, propagationFigure, seconds } from './format';
import type { FirstLoad } from './lib/first-load';
import { CATEGORIES, type PageAudit } from './lib/lighthouse';
import type { MixedLoadResult } from './lib/mixed-load';
import type { RoundsP99 } from './lib/p99-rounds';
import type { KeptMemory } from './lib/server-process';
import type { CatalogComparison, Comparison } from './lib/throughput';
import type { ColdStarts } from './measure/cold-start';
import type { Growth } from './measure/growth';
import type { Instances } from './measure/instances';
import type { OrderGrowthStep } from './measure/order-growth';
import type { GrowthDatabase } from './measure/order-history';
import { ORDER_READS } from './measure/order-reads';
import type { Shopping } from './measure/shopping';
import { log } from './session';

export function logFirstLoad(firstLoad: FirstLoad): void {
  log(
    `home page first load: ${kb(firstLoad.jsBytes).toFixed(1)} KB of JavaScript, ` +
      `${kb(firstLoad.cssBytes).toFixed(1)} KB of CSS (gzip)`,
  );
}

export function logColdStarts(starts: ColdStarts): void {
  log(
    `cold start on an existing data directory: ${starts.shopMs.map(seconds).join(', ')}; ` +
      `the database alone: ${starts.bareMs.map(seconds).join(', ')}`,
  );
}

export function logPages(pages: PageAudit[]): void {
  for (const page of pages) {
    const scores = CATEGORIES.map((c) => `${c} ${page.scores[c]}`).join(', ');
    const runs = page.runs.length > 1 ? ` (median of ${page.runs.length})` : '';
    const performance = page.runs.map((run) => run.performance).join(', ');
    const blocking = page.blockingMs.map((ms) => Math.round(ms)).join(', ');
    log(
      `Lighthouse ${page.path} (${page.profile}): ${scores}${runs}; performance ${performance}, ` +
        `total blocking time ${blocking} ms`,
    );
  }
}

export function logShopping(shopping: Shopping): void {
  const figure = (what: string, p99: RoundsP99) =>
    `${what} p99 ${p99.p99.toFixed(1)} ms (rounds ${p99.p99s.map((ms) => ms.toFixed(1)).join(', ')}; ` +
    `${p99.responses} responses${p99.errors > 0 ? `, ${p99.errors} errors: ${p99.firstError ?? '?'}` : ''})`;
  log(
    [
      figure('a part page', shopping.part),
      figure('the cart', shopping.cart),
      figure('checkout', shopping.checkout),
    ].join(', '),
  );
}

export function logCatalog(ceiling: string, catalog: CatalogComparison): void {
  const ratios = catalog.ratios.map((r) => r.toFixed(2)).join(', ');
  log(
    `catalog ${perSecond(catalog.rps)} against ${ceiling} ${perSecond(catalog.ceilingRps)} ` +
      `(${catalog.ratio.toFixed(2)}); ratio per round ${ratios}; p99 ${catalog.catalogP99.toFixed(1)} ms`,
  );
}

export function logOrders(database: string, orders: Comparison): void {
  const rounds = orders.rounds.map((round) => perSecond(round.rps)).join(', ');
  log(
    `orders on ${database}: ${perSecond(orders.rps)} (rounds ${rounds}); per 1,000 bare: ${ordersFigure(orders)}`,
  );
}

export function logMixedLoad(mixed: MixedLoadResult): void {
  const byKind = Object.entries(mixed.p99ByKind)
    .map(([kind, ms]) => `${kind} ${ms.toFixed(1)}`)
    .join(', ');
  log(
    `mixed load: ${mixed.requests} requests (${mixed.achievedRate.toFixed(0)}/s), ` +
      `p50 ${mixed.p50.toFixed(1)} ms, p99 ${mixed.p99.toFixed(1)} ms (p99 by kind: ${byKind})`,
  );
  const samples = mixed.rssMb
    .filter((_, i) => i % 5 === 0)
    .map((mb) => mb.toFixed(0))
    .join(' ');
  const kept = (at: KeptMemory) =>
    `${at.rssMb.toFixed(0)} MB (heap ${at.heapMb.toFixed(0)}, ` +
    `outside it ${at.externalMb.toFixed(0)})`;
  log(`resident memory every 5 s: ${samples} MB; after the load ${mixed.rssAfterMb.toFixed(0)} MB`);
  log(
    `after a full collection: at the start ${kept(mixed.kept.start)}, at the end ${kept(mixed.kept.end)}`,
  );
  for (const sample of mixed.errorSamples) log(`error: ${sample}`);
}

export function logInstances({ propagation, orders }: Instances): void {
  log(`a write through one instance, shown by another: ${propagationFigure(propagation)}`);
  if (!orders) return;
  log(`orders through nginx ÷ on one instance: ${balancerFigure(orders)}`);
  if (orders.errors > 0)
    log(`orders: ${orders.errors} errors (first: ${orders.firstError ?? '?'})`);
}

export function logOrderGrowth(database: GrowthDatabase, steps: OrderGrowthStep[]): void {
  for (const step of steps) {
    log(
      `${step.orders.toLocaleString('en')} orders on ${database}: ` +
        ORDER_READS.map((read) => {
          const ceiling = step.ceiling
            ? ` (bare ${step.ceiling.p99[read].toFixed(1)} ms, ${step.ceiling.ratio[read].toFixed(2)} ×)`
            : '';
          return `${read} p99 ${step.p99[read].toFixed(1)} ms${ceiling}`;
        }).join(', ') +
        (step.errors > 0 ? `, ${step.errors} errors` : '') +
        (step.ceiling?.errors ? `, ${step.ceiling.errors} errors of the bare reads` : ''),
    );
  }
}

export function logGrowth(growth: Growth): void {
  log(
    `${growth.parts} parts: first page p99 ${growth.firstPageP99.toFixed(1)} ms, a search ` +
      `finding ${growth.searchTotal} p99 ${growth.searchP99.toFixed(1)} ms ` +
      `(its first answer ${growth.firstSearchMs.toFixed(1)} ms)` +
      (growth.errors > 0 ? `, ${growth.errors} errors` : ''),
  );
  if (growth.home) logPages([growth.home]);
}
