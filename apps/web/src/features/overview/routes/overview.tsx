import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';

import type { Overview } from '@apex/contract';

import { DashboardPage } from '@/components/dashboard-page';
import { DataTable } from '@/components/data-table';
import { QueryStatus } from '@/components/query-status';
import { formatCents } from '@/lib/format';
import { dashboardPaths } from '@/lib/paths';

import { useOverview } from '../api/get-overview';
import { chartColours, SalesChart } from '../components/sales-chart';

const longDay = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
const dayOf = (date: string) => longDay.format(new Date(`${date}T00:00:00Z`));

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-box bg-base-100 p-4 shadow-md">
      <dt className="text-sm text-base-content/80">{label}</dt>
      <dd className="text-2xl font-bold">{value}</dd>
    </div>
  );
}

function Legend({ withTests }: { withTests: boolean }) {
  const entries = [
    { colour: chartColours.revenue, label: 'Revenue' },
    ...(withTests ? [{ colour: chartColours.test, label: 'Test payments' }] : []),
    { colour: chartColours.orders, label: 'Orders paid (right axis)' },
  ];
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {entries.map(({ colour, label }) => (
        <li key={label} className="flex items-center gap-2">
          <span className="inline-block size-3 rounded-sm" style={{ backgroundColor: colour }} />
          {label}
        </li>
      ))}
    </ul>
  );
}

/**
 * Revenue and orders per day: a chart for the eye and a table with the same figures. The table
 * is always there for screen readers (the chart is hidden from them) and shown on request.
 */
function SalesPerDay({ overview }: { overview: Overview }) {
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  const withTests = overview.days.some((day) => day.testCents > 0);
  const period = `${dayOf(overview.from)} to ${dayOf(overview.to)} (UTC)`;
  return (
    <Card title="Revenue and orders per day">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-base-content/80">{period}, by the day each order was paid.</p>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          aria-expanded={asTable}
          aria-controls={tableId}
          onClick={() => setAsTable((shown) => !shown)}
        >
          {asTable ? 'Show as chart' : 'Show as table'}
        </button>
      </div>
      {!asTable && (
        <div
          aria-hidden="true"
          className="flex flex-col gap-2 rounded-box bg-base-100 p-3 shadow-md"
        >
          <Legend withTests={withTests} />
          <SalesChart days={overview.days} />
        </div>
      )}
      <div id={tableId} className={asTable ? '' : 'sr-only'}>
        {/* Shown, it scrolls sideways on a narrow phone, so the keyboard must reach it; hidden, it
            must not scroll at all (a scrolling box no key reaches is a trap for the eye). */}
        <div
          {...(asTable
            ? {
                className: 'overflow-x-auto rounded-box bg-base-100 shadow-md',
                role: 'region',
                'aria-label': 'Table of revenue and orders per day',
                tabIndex: 0,
              }
            : {})}
        >
          <table className="table table-sm">
            <caption className="p-2 text-left text-sm">
              Revenue and orders paid per day, {period}
            </caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="text-right">
                  Orders paid
                </th>
                <th scope="col" className="text-right">
                  Revenue
                </th>
                {withTests && (
                  <th scope="col" className="text-right">
                    Test payments
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {overview.days.map((day) => (
                <tr key={day.date}>
                  <th scope="row" className="font-normal whitespace-nowrap">
                    <time dateTime={day.date}>{dayOf(day.date)}</time>
                  </th>
                  <td className="text-right">{day.orders}</td>
                  <td className="text-right">{formatCents(day.revenueCents)}</td>
                  {withTests && <td className="text-right">{formatCents(day.testCents)}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </Card>
  );
}

function OverviewFigures({ overview }: { overview: Overview }) {
  const sum = (pick: (day: Overview['days'][number]) => number) =>
    overview.days.reduce((total, day) => total + pick(day), 0);
  const revenue = sum((day) => day.revenueCents);
  const tests = sum((day) => day.testCents);
  const { ordersByState: states, bestSellers, lowStock } = overview;
  const period = overview.days.length;
  return (
    <>
      <Card title={`The last ${period} days`}>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Figure label="Revenue" value={formatCents(revenue)} />
          {tests > 0 && (
            <Figure label="Test payments (no money moved)" value={formatCents(tests)} />
          )}
          <Figure label="Orders paid" value={String(sum((day) => day.orders))} />
        </dl>
      </Card>

      <SalesPerDay overview={overview} />

      <Card title="Orders by state">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Figure label="Unpaid" value={String(states.unpaid)} />
          <Figure label="Paid, to ship" value={String(states.paid)} />
          <Figure label="Shipped" value={String(states.shipped)} />
          <Figure label="Cancelled or expired" value={String(states.cancelled)} />
        </dl>
      </Card>

      <Card title={`Best sellers, last ${period} days`}>
        <p className="text-sm text-base-content/80">
          Units in orders paid in the period, shipped or not.
        </p>
        {bestSellers.length === 0 ? (
          <p>Nothing was sold in the last {period} days.</p>
        ) : (
          <DataTable label="Best sellers" columns={['Part', 'Units sold', 'Revenue']}>
            {bestSellers.map((part) => (
              <tr key={part.partId}>
                <td className="wrap-anywhere">{part.name}</td>
                <td>{part.units}</td>
                <td>{formatCents(part.revenueCents)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </Card>

      <Card title="At or below their minimum order">
        <p className="text-sm text-base-content/80">
          {lowStock.count === 0
            ? 'Every part on sale can take another order.'
            : `${lowStock.count} ${lowStock.count === 1 ? 'part on sale has' : 'parts on sale have'} no more stock than one order's minimum.`}
        </p>
        {lowStock.parts.length > 0 && (
          <>
            <DataTable columns={['Part', 'Stock', 'Minimum order']}>
              {lowStock.parts.map((part) => (
                <tr key={part.partId}>
                  <td className="wrap-anywhere">{part.name}</td>
                  <td>{part.stock}</td>
                  <td>{part.minOrder}</td>
                </tr>
              ))}
            </DataTable>
            <Link to={dashboardPaths.manageProducts} className="link">
              Restock them in Manage Products
            </Link>
          </>
        )}
      </Card>
    </>
  );
}

/** Overview (admins): the shop's last 30 days at a glance, and what needs an admin now. */
export default function OverviewPage() {
  const overview = useOverview();
  return (
    <DashboardPage title="Overview" intro="What the shop sold lately, and what needs an admin now.">
      <QueryStatus query={overview} what="the overview">
        {(data) => <OverviewFigures overview={data} />}
      </QueryStatus>
    </DashboardPage>
  );
}
