// The figures printed beside the judged ones, never judged (decision 023): the shop's figures as
// ratios of a bare process's measured in the same rounds, which say how much of the machine the
// shop's own code takes.
import type { Measurements, Reported } from './budget';
import { balancerFigure, ordersFigure, perSecond, seconds } from './format';
import { median } from './lib/stats';
import type { CatalogComparison } from './lib/throughput';
import { orderReadRatios } from './order-read-row';

const ratioFigure = (comparison: CatalogComparison) =>
  `${comparison.ratio.toFixed(2)} (${perSecond(comparison.rps)} against ` +
  `${perSecond(comparison.ceilingRps)}; rounds ${comparison.ratios.map((r) => r.toFixed(2)).join(', ')})`;

export function reportedRows(measured: Partial<Measurements>): Reported[] {
  const { catalog, catalogNodeHttp, starts, instances } = measured;
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
  reported.push(...orderReadRatios(measured.orderGrowth?.PostgreSQL));
  return reported;
}
