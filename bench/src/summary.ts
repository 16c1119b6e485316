// The run's last word: the budget table, what a page that fell short should look at, the phone's
// figures, what failed, and whether every budget was met.
import { cpus } from 'node:os';

import { type Measurements, orderReadRow, pageMeetsFloors, type Row } from './budget';
import { balancerFigure, phoneFigure } from './format';
import type { Instances } from './measure/instances';
import type { OrderGrowthStep } from './measure/order-growth';
import { ORDER_GROWTH_CHARTS } from './measure/order-growth-chart';
import { ORDER_READS } from './measure/order-reads';

/** A judged table marks each row ok or MISSED; a reported one says only where it stands. */
function table(rows: Row[], { judged = true } = {}): string {
  const cells = [
    ['Budget', judged ? 'Floor' : 'Goal', 'Measured', ''],
    ...rows.map((row) => [
      row.budget,
      row.floor,
      row.measured,
      judged ? (row.ok ? 'ok' : 'MISSED') : row.ok ? 'within' : 'over',
    ]),
  ];
  const widths = [0, 1, 2, 3].map((c) => Math.max(...cells.map((line) => (line[c] ?? '').length)));
  const line = (values: string[]) =>
    `| ${values.map((value, c) => value.padEnd(widths[c] ?? 0)).join(' | ')} |`;
  const [head, ...body] = cells;
  return [
    line(head ?? []),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...body.map(line),
  ].join('\n');
}

interface Summary {
  rows: Row[];
  pages?: Measurements['pages'];
  instances?: Instances | undefined;
  pgliteOrderGrowth?: OrderGrowthStep[] | undefined;
  /** Only the judged figures were measured (`--check`). */
  judgedOnly?: boolean;
  failures: ReadonlyMap<string, string>;
  tookSeconds: number;
}

/** Prints the summary; returns the rows of the budgets missed. */
export function printSummary({
  rows,
  pages = [],
  instances,
  pgliteOrderGrowth,
  judgedOnly,
  failures,
  tookSeconds,
}: Summary): Row[] {
  const day = new Date().toISOString().slice(0, 10);
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.versions.node}`;
  const took = Math.round(tookSeconds);
  console.log(`\nApex Parts performance budget: ${day}, ${machine}; the run took ${took} s\n`);
  console.log(table(rows));
  const missed = rows.filter((row) => !row.ok);
  for (const page of pages) {
    if (!pageMeetsFloors(page)) {
      console.log(`\n${page.path} fell short on: ${page.shortfalls.join(', ')}`);
    }
  }
  const phones = pages.flatMap((page) =>
    page.phone ? [`${page.path} ${phoneFigure(page.phone)}`] : [],
  );
  if (phones.length > 0) {
    console.log(`\nAs a mid-range phone, reported and not judged:\n${phones.join('\n')}`);
  }
  if (instances) {
    // nginx, the three instances and PostgreSQL share the cores one instance had to itself: on
    // a small machine the ratio is what the extra hop costs, not what more instances add.
    const { errors, firstError } = instances.orders;
    console.log(
      `\nOrders through nginx ÷ on one instance, reported and not judged (on ${cpus().length} ` +
        `shared cores, the balancer's cost, not scaling):\n${balancerFigure(instances.orders)}` +
        (errors > 0 ? `; ${errors} errors (first: ${firstError ?? '?'})` : ''),
    );
  }
  if (pgliteOrderGrowth) {
    // The embedded database answers in the shop's own thread, one statement at a time: at 10
    // connections each read waits for the nine before it (docs/performance.md).
    console.log(
      `\nThe order reads among years of orders on PGlite, reported and not judged (drawn in ${ORDER_GROWTH_CHARTS.PGlite}):\n` +
        table(
          ORDER_READS.map((read) => orderReadRow(read, 'PGlite', pgliteOrderGrowth)),
          { judged: false },
        ),
    );
  }
  if (judgedOnly) {
    console.log(
      '\nOnly the judged figures were measured (--check). `npm run bench` also reports the ' +
        'mid-range phone, bare node:http and the order history on PGlite, and draws the growth charts.',
    );
  }
  for (const [what, message] of failures) console.log(`\n${what} failed: ${message}`);
  if (missed.length > 0) {
    console.log(`\nMissed: ${missed.map((row) => row.budget).join('; ')}`);
  } else {
    console.log('\nEvery budget met.');
  }
  return missed;
}
