import { z } from 'zod';

/** How many days the admin overview looks back, today (UTC) included. */
export const OVERVIEW_DAYS = 30;

/** How many parts the overview names as best sellers. */
export const OVERVIEW_BEST_SELLERS = 5;

/** At most this many parts at or below their minimum order are listed; `count` says how many. */
export const OVERVIEW_LOW_STOCK_LIMIT = 50;

const cents = z.number().int();

/** One UTC day of the overview's chart: the orders paid that day and the money they brought. */
export const OverviewDaySchema = z
  .object({
    date: z.iso.date().describe('The UTC day, YYYY-MM-DD'),
    orders: z.number().int().describe('Orders paid that day (shipped since or not)'),
    revenueCents: cents.describe('What those orders brought in real money, in cents'),
    testCents: cents.describe('What those orders paid through the test-mode processor, in cents'),
  })
  .meta({ id: 'OverviewDay' });
export type OverviewDay = z.infer<typeof OverviewDaySchema>;

/** A part among the best sellers: units in paid and shipped orders paid in the period. */
export const OverviewBestSellerSchema = z
  .object({
    partId: z.string(),
    name: z.string().describe("The part's name now"),
    units: z.number().int(),
    revenueCents: cents.describe('Those units at the prices they were ordered at, in cents'),
  })
  .meta({ id: 'OverviewBestSeller' });
export type OverviewBestSeller = z.infer<typeof OverviewBestSellerSchema>;

/** A part on sale whose stock is at or below its minimum order: it cannot take one more order. */
export const OverviewLowStockSchema = z
  .object({
    partId: z.string(),
    name: z.string(),
    stock: z.number().int(),
    minOrder: z.number().int(),
  })
  .meta({ id: 'OverviewLowStock' });
export type OverviewLowStock = z.infer<typeof OverviewLowStockSchema>;

/** The admin's overview of the shop (Dashboard → Overview). */
export const OverviewSchema = z
  .object({
    from: z.iso.date().describe('The first UTC day of the period'),
    to: z.iso.date().describe('The last UTC day of the period (today)'),
    days: z.array(OverviewDaySchema).describe('Every day of the period, oldest first'),
    ordersByState: z
      .object({
        unpaid: z.number().int(),
        paid: z.number().int(),
        shipped: z.number().int(),
        cancelled: z.number().int(),
      })
      .describe('Every order the shop holds, by its state now'),
    bestSellers: z
      .array(OverviewBestSellerSchema)
      .describe('The most units sold in the period, most first'),
    lowStock: z.object({
      parts: z.array(OverviewLowStockSchema).describe('Fewest units above the minimum first'),
      count: z.number().int().describe('How many parts on sale are at or below their minimum'),
    }),
  })
  .meta({ id: 'Overview' });
export type Overview = z.infer<typeof OverviewSchema>;
