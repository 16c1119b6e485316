// How figures read, the same in the progress log and in the budget table.
import type { PageAudit } from './lib/lighthouse';
import { median } from './lib/stats';
import type { Comparison } from './lib/throughput';

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
export const perSecond = (rps: number) => `${Math.round(rps).toLocaleString('en')}/s`;
export const perThousand = (ratio: number) => (ratio * 1000).toFixed(1);
export const kb = (bytes: number) => bytes / 1024;

/** Orders per 1,000 ceiling answers, and the medians they come from. */
export function ordersFigure(figure: Comparison): string {
  return (
    `${perThousand(figure.ratio)} (${perSecond(figure.rps)} against ${perSecond(figure.ceilingRps)}; ` +
    `rounds ${figure.ratios.map(perThousand).join(', ')})`
  );
}

/** The phone's performance runs, median first, and their blocking times. */
export function phoneFigure(page: PageAudit): string {
  const { performance: scores, blockingMs } = page.phone;
  const ms = blockingMs.map((value) => Math.round(value)).join(', ');
  return `performance ${median(scores)} (runs ${scores.join(', ')}; total blocking time ${ms} ms)`;
}
