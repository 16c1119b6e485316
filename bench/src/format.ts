// How figures read, the same in the progress log and in the budget table.
import { median } from './lib/stats';
import type { Comparison } from './lib/throughput';
import type { Propagation } from './measure/instances';

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

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The writes' propagation, worst and median, counted from sending each write and from its answer. */
export function propagationFigure({ afterAnswerMs, afterSendMs }: Propagation): string {
  return (
    `worst ${ms(Math.max(...afterSendMs))}, median ${ms(median(afterSendMs))} from sending ` +
    `the write (from its answer: worst ${ms(Math.max(...afterAnswerMs))}, ` +
    `median ${ms(median(afterAnswerMs))})`
  );
}

/** Orders through nginx over orders on one instance, and the medians they come from. */
export function balancerFigure(orders: Comparison): string {
  return (
    `${orders.ratio.toFixed(2)} (${perSecond(orders.rps)} through nginx to three instances ` +
    `against ${perSecond(orders.ceilingRps)} on one directly; rounds ` +
    `${orders.ratios.map((r) => r.toFixed(2)).join(', ')})`
  );
}
