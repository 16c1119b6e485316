import { randomInt } from 'node:crypto';

import type { Locator, Page } from '@playwright/test';

import {
  addPart,
  adminToken,
  buyThroughPages,
  demoAdmin,
  expect,
  expectNoSeriousA11yViolations,
  isPhone,
  logInAs,
  secondBrowser,
  signUpThroughPage,
  test,
} from './support';

// Other journeys order and pay on the same shop meanwhile: this one checks its own part, and
// today's figures only as having grown by at least its own sale.

/** A figure the page shows as "$1,234.50" or "12", as a number. */
const numberIn = async (cell: Locator) =>
  Number(((await cell.textContent()) ?? '').replace(/[$,\s]/g, ''));

/** Today's row of the day-by-day table (the table is there for screen readers while hidden). */
const todaysRow = (page: Page) => {
  const table = page.getByRole('table', { name: /Revenue and orders paid per day/ });
  return table.getByRole('row').last();
};

async function todaysFigures(page: Page) {
  const row = todaysRow(page);
  const cells = row.getByRole('cell');
  return {
    orders: await numberIn(cells.nth(0)),
    revenue: await numberIn(cells.nth(1)),
    // A shop paid through the built-in processor: every payment is a test payment, in a column
    // of its own once there is one in the period.
    tests: (await cells.count()) > 2 ? await numberIn(cells.nth(2)) : 0,
  };
}

test.describe('the admin overview', () => {
  test('an admin lands on the overview and sees a sale made meanwhile: the day, the best sellers, the low stock', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    // 80 on the shelf, 40 at least per order: after one order, the part is at its minimum.
    const name = `Overview Splitter ${Date.now()}${randomInt(1000)}`;
    const part = await addPart(request, await adminToken(request), {
      name,
      quantity: 80,
      minorder: 40,
      price: 1.25,
    });

    await logInAs(page, demoAdmin.email, demoAdmin.password);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    const lowStock = page.getByRole('region', {
      name: 'At or below their minimum order',
      exact: true,
    });
    await expect(lowStock).toBeVisible();
    await expect(lowStock.getByRole('row').filter({ hasText: name })).toHaveCount(0);
    await expect(todaysRow(page)).toBeAttached();
    const before = await todaysFigures(page);

    const customer = await secondBrowser(browser, testInfo, 91);
    await signUpThroughPage(customer, 'Overview Buyer');
    await buyThroughPages(customer, part);
    await customer.context().close();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    // Its 40 units at $1.25: the most any journey buys at once, so among the five best sellers.
    const bestSellers = page.getByRole('region', {
      name: 'Best sellers, last 30 days',
      exact: true,
    });
    const sold = bestSellers.getByRole('row').filter({ hasText: name });
    await expect(sold.getByRole('cell')).toHaveText([name, '40', '$50.00']);
    await expect(lowStock.getByRole('row').filter({ hasText: name }).getByRole('cell')).toHaveText([
      name,
      '40',
      '40',
    ]);
    const after = await todaysFigures(page);
    expect(after.orders).toBeGreaterThanOrEqual(before.orders + 1);
    expect(after.tests).toBeGreaterThanOrEqual(before.tests + 50);
    expect(after.revenue).toBe(before.revenue);

    // The chart is for the eye; the same figures as a table, on request.
    const toggle = page.getByRole('button', { name: 'Show as table' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('canvas')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Show as chart' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const table = page.getByRole('table', { name: /Revenue and orders paid per day/ });
    await expect(table).toBeVisible();
    await expect(table.getByRole('rowheader')).toHaveCount(30);
    await expect(page.locator('canvas')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // Nothing is wider than the screen: at a phone's width the page reads without scrolling sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    if (isPhone(page)) {
      await page.getByRole('button', { name: 'Show as chart' }).click();
      const chart = await page.locator('canvas').first().boundingBox();
      expect(chart?.width ?? 0).toBeLessThanOrEqual(390);
      expect(chart?.width ?? 0).toBeGreaterThan(250);
    }
  });

  test('the overview is in the admin menu, first', async ({ page }) => {
    await logInAs(page, demoAdmin.email, demoAdmin.password);
    await page.goto('/dashboard/activity');
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    if (isPhone(page)) await menu.getByRole('button', { name: 'Dashboard menu' }).click();
    await expect(menu.getByRole('link').first()).toHaveText('Overview');
    await menu.getByRole('link', { name: 'Overview' }).click();
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  });
});
