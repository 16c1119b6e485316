import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Overview } from '@apex/contract';

import { json, renderWithProviders } from '@/test/render';

import OverviewPage from './overview';

// jsdom has no canvas: the chart is stood in for; what is tested is the page around it.
vi.mock('../components/sales-chart', () => ({
  chartColours: { revenue: 'blue', test: 'brown', orders: 'green' },
  SalesChart: ({ days }: { days: unknown[] }) => <div data-testid="chart">{days.length} days</div>,
}));

afterEach(() => vi.unstubAllGlobals());

const overview: Overview = {
  from: '2026-03-13',
  to: '2026-03-15',
  days: [
    { date: '2026-03-13', orders: 0, revenueCents: 0, testCents: 0 },
    { date: '2026-03-14', orders: 1, revenueCents: 123_450, testCents: 0 },
    { date: '2026-03-15', orders: 2, revenueCents: 10_000, testCents: 30_000 },
  ],
  ordersByState: { unpaid: 4, paid: 3, shipped: 7, cancelled: 1 },
  bestSellers: [{ partId: 'p1', name: 'Apex Brake Kit', units: 6, revenueCents: 60_000 }],
  lowStock: {
    parts: [{ partId: 'p2', name: 'Drift Seat', stock: 1, minOrder: 2 }],
    count: 1,
  },
};

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('OverviewPage', () => {
  it('gives screen readers the chart’s figures as a table, and shows it on request', async () => {
    vi.stubGlobal('fetch', vi.fn(json(overview)));
    renderWithProviders(<OverviewPage />);

    const chart = await screen.findByTestId('chart');
    expect(chart.closest('[aria-hidden="true"]')).not.toBeNull();
    // Present while the chart shows: hidden from the eye only.
    const table = screen.getByRole('table', {
      name: 'Revenue and orders paid per day, 13 Mar 2026 to 15 Mar 2026 (UTC)',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => [th.textContent, th.getAttribute('scope')]),
    ).toEqual([
      ['Day', 'col'],
      ['Orders paid', 'col'],
      ['Revenue', 'col'],
      ['Test payments', 'col'],
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      '13 Mar 2026',
      '14 Mar 2026',
      '15 Mar 2026',
    ]);
    expect(rows.map(cellsOf)).toEqual([
      ['0', '$0.00', '$0.00'],
      ['1', '$1,234.50', '$0.00'],
      ['2', '$100.00', '$300.00'],
    ]);

    const toggle = screen.getByRole('button', { name: 'Show as table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Show as chart' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.queryByTestId('chart')).toBeNull();
    expect(
      screen.getByRole('region', { name: 'Table of revenue and orders per day' }),
    ).toContainElement(table);
  });

  it('adds up the period and shows the states, the best sellers and the low stock', async () => {
    vi.stubGlobal('fetch', vi.fn(json(overview)));
    renderWithProviders(<OverviewPage />);

    const period = await screen.findByRole('region', { name: 'The last 3 days' });
    expect(within(period).getByText('$1,334.50')).toBeInTheDocument();
    expect(within(period).getByText('$300.00')).toBeInTheDocument();
    expect(within(period).getByText('3')).toBeInTheDocument();

    const states = screen.getByRole('region', { name: 'Orders by state' });
    expect(within(states).getByText('Paid, to ship').nextSibling).toHaveTextContent('3');
    expect(within(states).getByText('Shipped').nextSibling).toHaveTextContent('7');

    const best = screen.getByRole('region', { name: 'Best sellers, last 3 days' });
    expect(cellsOf(within(best).getAllByRole('row')[1] as HTMLElement)).toEqual([
      'Apex Brake Kit',
      '6',
      '$600.00',
    ]);
    const low = screen.getByRole('region', { name: 'At or below their minimum order' });
    expect(
      within(low).getByText("1 part on sale has no more stock than one order's minimum."),
    ).toBeInTheDocument();
    expect(cellsOf(within(low).getAllByRole('row')[1] as HTMLElement)).toEqual([
      'Drift Seat',
      '1',
      '2',
    ]);
  });
});
