import 'uplot/dist/uPlot.min.css';

import { useEffect, useRef } from 'react';
import uPlot from 'uplot';

import type { OverviewDay } from '@apex/contract';

const dayLabel = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const dollarsLabel = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** The series' colours, shared with the legend beside the chart. */
export const chartColours = { revenue: '#2563eb', test: '#b45309', orders: '#15803d' };

/** A phone's chart is shorter, so the page does not become the chart. */
const heightFor = (width: number) => (width < 500 ? 220 : 300);

function options(width: number, textColour: string, withTests: boolean): uPlot.Options {
  const bars = (align: -1 | 1) => uPlot.paths.bars?.({ size: [0.35, 24], align });
  const axisFont = '12px system-ui, sans-serif';
  return {
    width,
    height: heightFor(width),
    // The days are UTC days, whatever the admin's own time zone.
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    legend: { show: false },
    cursor: { show: false },
    // From zero, and never a flat line at the top on a quiet month: a dollar and five orders at least.
    scales: {
      // Half a day either side, so the first and the last day's bars are drawn whole.
      x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] },
      cents: { range: (_u, _min, max) => [0, Math.max(max, 100)] },
      orders: { range: (_u, _min, max) => [0, Math.max(max, 5)] },
    },
    axes: [
      {
        stroke: textColour,
        font: axisFont,
        space: 56,
        values: (_u, splits) => splits.map((seconds) => dayLabel.format(new Date(seconds * 1000))),
        grid: { show: false },
      },
      {
        scale: 'cents',
        stroke: textColour,
        font: axisFont,
        size: 56,
        values: (_u, splits) => splits.map((cents) => dollarsLabel.format(cents / 100)),
      },
      {
        scale: 'orders',
        // uPlot's Side is a const enum its types declare, which this build cannot read: 1 is right.
        // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
        side: 1,
        stroke: textColour,
        font: axisFont,
        size: 44,
        grid: { show: false },
        // Whole orders only.
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
      },
    ],
    series: [
      {},
      {
        label: 'Revenue',
        scale: 'cents',
        fill: chartColours.revenue,
        stroke: chartColours.revenue,
        paths: bars(withTests ? -1 : 1),
        points: { show: false },
      },
      {
        label: 'Test payments',
        scale: 'cents',
        show: withTests,
        fill: chartColours.test,
        stroke: chartColours.test,
        paths: bars(1),
        points: { show: false },
      },
      {
        label: 'Orders paid',
        scale: 'orders',
        stroke: chartColours.orders,
        width: 2,
        points: { show: true, size: 5, fill: chartColours.orders },
      },
    ],
  };
}

/**
 * Revenue (bars, left axis) and orders paid (line, right axis) per day, drawn on a canvas by
 * uPlot. Screen readers skip it: the page's table holds the same figures.
 */
export function SalesChart({ days }: { days: OverviewDay[] }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data: uPlot.AlignedData = [
      days.map((day) => Date.parse(day.date) / 1000),
      days.map((day) => day.revenueCents),
      days.map((day) => day.testCents),
      days.map((day) => day.orders),
    ];
    const withTests = days.some((day) => day.testCents > 0);
    const chart = new uPlot(
      options(element.clientWidth, getComputedStyle(element).color, withTests),
      data,
      element,
    );
    // The chart is as wide as its card, at a phone's width and a desktop's alike.
    const resize = new ResizeObserver(() => {
      const width = element.clientWidth;
      if (width > 0) chart.setSize({ width, height: heightFor(width) });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days]);

  return <div ref={box} className="w-full" />;
}
