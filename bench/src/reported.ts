// The figures printed beside the judged ones, never judged (decision 023): the shop's figures as
// ratios of a bare process's measured in the same rounds, which say how much of the machine the
// shop's own code takes, and the pages only the whole bench visits.
import { BUDGET, type Measurements, type Reported } from './budget';
import { balancerFigure, ordersFigure, perSecond, seconds } from './format';
import { CATEGORIES, type PageAudit, type Scores } from './lib/lighthouse';
import { median } from './lib/stats';
import type { CatalogComparison } from './lib/throughput';
import { orderReadRatios } from './order-read-row';
import { GROWTH } from './settings';

const ratioFigure = (comparison: CatalogComparison) =>
  `${comparison.ratio.toFixed(2)} (${perSecond(comparison.rps)} against ` +
  `${perSecond(comparison.ceilingRps)}; rounds ${comparison.ratios.map((r) => r.toFixed(2)).join(', ')})`;

const scoresFigure = (scores: Scores) => CATEGORIES.map((c) => scores[c]).join(' / ');

const pageFigure = (page: PageAudit, goal: Scores) =>
  `${scoresFigure(page.scores)}${page.runs.length > 1 ? ` (median of ${page.runs.length})` : ''}, ` +
  `goal ≥ ${scoresFigure(goal)}`;

export function reportedRows(measured: Partial<Measurements>): Reported[] {
  const { catalog, catalogNodeHttp, starts, instances, growth } = measured;
  const reported: Reported[] = [];
  const add = (figure: string, value: string | undefined) => {
    if (value !== undefined) reported.push({ figure, measured: value });
  };
  add(
    'Catalog GET /api/parts ÷ bare Fastify sending the same bytes, req/s',
    catalog && ratioFigure(catalog),
  );
  add(
    'Catalog GET /api/parts ÷ bare node:http, req/s',
    catalogNodeHttp && ratioFigure(catalogNodeHttp),
  );
  for (const [database, orders] of [
    ['PGlite', measured.pgliteOrders],
    ['PostgreSQL', measured.postgresOrders],
  ] as const) {
    add(
      `POST /api/orders on ${database} per 1,000 bare Fastify responses`,
      orders && ordersFigure(orders),
    );
  }
  add(
    "Cold start ÷ the database's bare start, same data directory",
    starts &&
      `${starts.ratio.toFixed(2)} (${seconds(median(starts.shopMs))} against ` +
        `${seconds(median(starts.bareMs))})`,
  );
  add(
    'Orders through nginx to three instances ÷ on one directly (on shared cores: the hop’s cost)',
    instances?.orders && balancerFigure(instances.orders),
  );
  for (const page of measured.pages ?? []) {
    if (page.profile !== 'slow 4G') continue;
    add(
      `Lighthouse ${page.path} on slow 4G, the machine's CPU as it is`,
      pageFigure(page, BUDGET.slow4G),
    );
  }
  reported.push(...orderReadRatios(measured.orderGrowth?.PostgreSQL));
  add(
    `Lighthouse / among ${GROWTH.parts.toLocaleString('en')} parts as a phone`,
    growth?.home && pageFigure(growth.home, BUDGET.phone),
  );
  return reported;
}
