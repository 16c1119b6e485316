// The run's last word: the budget table, what a page that fell short should look at, the figures
// reported beside the table, what failed, and whether every budget was met.
import { cpus } from 'node:os';

import { BUDGET, type Measurements, type Reported, type Row } from './budget';
import { meetsFloors } from './lib/lighthouse';
import { ORDER_GROWTH_CHARTS } from './measure/order-growth-chart';
import { ORDER_READS } from './measure/order-reads';
import { orderReadRow } from './order-read-row';

/** A markdown table, each column as wide as its widest cell. */
function table(cells: string[][]): string {
  const widths = (cells[0] ?? []).map((_, c) =>
    Math.max(...cells.map((line) => (line[c] ?? '').length)),
  );
  const line = (values: string[]) =>
    `| ${values.map((value, c) => value.padEnd(widths[c] ?? 0)).join(' | ')} |`;
  const [head, ...body] = cells;
  return [
    line(head ?? []),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...body.map(line),
  ].join('\n');
}

/** A judged table marks each row ok or MISSED; a reported one says only where it stands. */
const rowsTable = (rows: Row[], { judged = true } = {}) =>
  table([
    ['Budget', judged ? 'Floor' : 'Goal', 'Measured', ''],
    ...rows.map((row) => [
      row.budget,
      row.floor,
      row.measured,
      judged ? (row.ok ? 'ok' : 'MISSED') : row.ok ? 'within' : 'over',
    ]),
  ]);

interface Summary {
  rows: Row[];
  reported?: Reported[];
  measured?: Partial<Measurements>;
  /** Only the judged figures and the ratios beside them were measured (`--check`). */
  judgedOnly?: boolean;
  failures: ReadonlyMap<string, string>;
  tookSeconds: number;
}

/** Prints the summary; returns the rows of the budgets missed. */
export function printSummary({
  rows,
  reported = [],
  measured = {},
  judgedOnly,
  failures,
  tookSeconds,
}: Summary): Row[] {
  const day = new Date().toISOString().slice(0, 10);
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.versions.node}`;
  const took = Math.round(tookSeconds);
  console.log(`\nApex Parts performance budget: ${day}, ${machine}; the run took ${took} s\n`);
  console.log(rowsTable(rows));
  const missed = rows.filter((row) => !row.ok);
  for (const page of measured.pages ?? []) {
    if (page.profile === 'phone' && !meetsFloors(page.scores, BUDGET.phone)) {
      console.log(`\n${page.path} fell short on: ${page.shortfalls.join(', ')}`);
    }
  }
  if (reported.length > 0) {
    console.log(
      `\nReported beside the budget, not judged:\n` +
        table([['Figure', 'Measured'], ...reported.map((r) => [r.figure, r.measured])]),
    );
  }
  const pglite = measured.orderGrowth?.PGlite;
  if (pglite) {
    // The embedded database answers in the shop's own thread, one statement at a time: at 10
    // connections each read waits for the nine before it (docs/performance.md).
    console.log(
      `\nThe order reads among years of orders on PGlite, reported and not judged (drawn in ${ORDER_GROWTH_CHARTS.PGlite}):\n` +
        rowsTable(
          ORDER_READS.map((read) => orderReadRow(read, 'PGlite', pglite)),
          { judged: false },
        ),
    );
  }
  if (judgedOnly) {
    console.log(
      '\nOnly the judged figures and the ratios beside them were measured (--check). ' +
        '`npm run bench` also reports the other pages on slow 4G, bare node:http, orders through ' +
        'nginx, the order reads beside their bare reads and the order history on PGlite, and ' +
        'draws the growth charts.',
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
