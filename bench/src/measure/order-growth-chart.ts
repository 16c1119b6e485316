// The chart of how each order read grew with the history, for docs/performance.md.
import { writeFileSync } from 'node:fs';
import path from 'node:path';

import { root } from '../lib/server-process';
import type { OrderGrowthStep } from './order-growth';
import type { GrowthDatabase } from './order-history';
import { ORDER_READS } from './order-reads';

/** Where the chart of each database's steps is drawn, for docs/performance.md. */
export const ORDER_GROWTH_CHARTS: Record<GrowthDatabase, string> = {
  PGlite: path.join(root, 'docs', 'order-growth.svg'),
  PostgreSQL: path.join(root, 'docs', 'order-growth-postgres.svg'),
};

/** Draws how each read grew with the history, for docs/performance.md. */
export function drawOrderGrowth(
  database: GrowthDatabase,
  steps: readonly OrderGrowthStep[],
  floorMs: number,
): void {
  writeFileSync(ORDER_GROWTH_CHARTS[database], growthChart(steps, floorMs, database));
}

const COLORS = ['#1d4ed8', '#b45309', '#047857', '#7c3aed', '#be123c'];

/**
 * The p99 of each read against the number of orders (a log scale: each step is ten times the
 * last), as an SVG a reader sees at a glance: flat lines are reads that do not grow with history.
 */
export function growthChart(
  steps: readonly OrderGrowthStep[],
  floorMs: number,
  database: GrowthDatabase,
): string {
  const width = 640;
  const height = 360;
  const left = 56;
  const right = 220;
  const top = 40;
  const bottom = 48;
  const plotWidth = width - left - right;
  const plotHeight = height - top - bottom;
  const slowest = Math.max(...steps.flatMap((step) => ORDER_READS.map((read) => step.p99[read])));
  // The floor is drawn when it is within twice the slowest read: further up, it would flatten
  // every line against the axis, and the chart says where it is instead.
  const floorShown = floorMs <= slowest * 2;
  const yTop = Math.ceil(Math.max(slowest, floorShown ? floorMs : 0) / 10) * 10;
  const logs = steps.map((step) => Math.log10(step.orders));
  const lowest = Math.min(...logs);
  const span = Math.max(1, Math.max(...logs) - lowest);
  const x = (orders: number) => left + ((Math.log10(orders) - lowest) / span) * plotWidth;
  const y = (ms: number) => top + plotHeight - (ms / yTop) * plotHeight;
  const gridLines = [0, 0.25, 0.5, 0.75, 1].map((share) => {
    const ms = share * yTop;
    return (
      `<line x1="${left}" x2="${left + plotWidth}" y1="${y(ms)}" y2="${y(ms)}" stroke="#e5e7eb"/>` +
      `<text x="${left - 8}" y="${y(ms) + 4}" text-anchor="end">${ms.toFixed(0)}</text>`
    );
  });
  const goal = floorShown
    ? `<line x1="${left}" x2="${left + plotWidth}" y1="${y(floorMs)}" y2="${y(floorMs)}" stroke="#6b7280" stroke-dasharray="6 4"/>` +
      `<text x="${left + plotWidth}" y="${y(floorMs) - 6}" text-anchor="end" fill="#4b5563">floor: ${floorMs} ms</text>`
    : `<text x="${left + plotWidth}" y="${top - 6}" text-anchor="end" fill="#4b5563">floor: ${floorMs} ms, above this scale</text>`;
  const xLabels = steps.map(
    (step) =>
      `<text x="${x(step.orders)}" y="${top + plotHeight + 20}" text-anchor="middle">${step.orders.toLocaleString('en')}</text>`,
  );
  const series = ORDER_READS.map((read, i) => {
    const color = COLORS[i % COLORS.length] ?? '#000';
    const points = steps.map((step) => `${x(step.orders)},${y(step.p99[read])}`).join(' ');
    const dots = steps
      .map(
        (step) =>
          `<circle cx="${x(step.orders)}" cy="${y(step.p99[read])}" r="3" fill="${color}"/>`,
      )
      .join('');
    const legendY = top + 12 + i * 22;
    return (
      `<polyline points="${points}" fill="none" stroke="${color}" stroke-width="2"/>${dots}` +
      `<line x1="${width - right + 16}" x2="${width - right + 36}" y1="${legendY - 4}" y2="${legendY - 4}" stroke="${color}" stroke-width="2"/>` +
      `<text x="${width - right + 42}" y="${legendY}">${read}</text>`
    );
  });
  const caption = steps
    .map(
      (step) =>
        `${step.orders.toLocaleString('en')} orders: ` +
        ORDER_READS.map((read) => `${read} ${step.p99[read].toFixed(1)} ms`).join(', '),
    )
    .join('; ');
  const description = `${caption}. The floor is ${floorMs} ms.`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="title desc" font-family="sans-serif" font-size="12" fill="#111827">
<title id="title">p99 of the order reads at 10 connections on ${database}, by the number of orders</title>
<desc id="desc">${description}</desc>
<rect width="${width}" height="${height}" fill="#fff"/>
<text x="${left}" y="22" font-size="14" font-weight="bold">p99 (ms) of each read at 10 connections on ${database}, by orders in the shop</text>
${gridLines.join('\n')}
${goal}
${xLabels.join('\n')}
<text x="${left + plotWidth / 2}" y="${height - 10}" text-anchor="middle">orders (log scale)</text>
${series.join('\n')}
</svg>
`;
}
