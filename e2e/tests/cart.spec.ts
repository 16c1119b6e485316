import { randomUUID } from 'node:crypto';

import type { Page } from '@playwright/test';

import {
  addPart,
  adminToken,
  type ApiPart,
  expect,
  expectNoSeriousA11yViolations,
  expectShippedInMyOrders,
  isPhone,
  logIn,
  openAsAdmin,
  orderThroughPage,
  payWithCard,
  secondBrowser,
  signUpThroughPage,
  stockOf,
  test,
} from './support';

const suffix = () => randomUUID().slice(0, 8);

const dollars = (amount: number) =>
  amount.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** The navbar's way to the cart, named with what it holds ("Cart, 2 parts"). */
const cartLink = (page: Page) => page.getByRole('link', { name: /^Cart(,|$)/ });

/** A line of the cart page, found by its part's name. */
const lineOf = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Parts in your cart' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });

/** Finds the part on the home page as a shopper does, by its name, and adds it from its card. */
async function addFromCard(page: Page, part: ApiPart, quantity = part.minorder): Promise<void> {
  await page.goto(`/?q=${encodeURIComponent(part.name)}`);
  await page.getByRole('button', { name: `Add to cart: ${part.name}` }).click();
  await expect(page.getByText(`In your cart: ${quantity} × ${part.name}`)).toBeVisible();
}

/** Nothing wider than the screen: no sideways scrolling on a phone. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
}

test.describe('the cart', () => {
  test('a visitor fills a cart, signs in, and the cart is still there, on another device too', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    const token = await adminToken(request);
    const wing = await addPart(request, token, { name: `Cart wing ${suffix()}`, minorder: 2 });
    const seat = await addPart(request, token, {
      name: `Cart seat ${suffix()}`,
      minorder: 1,
      quantity: 4,
      price: 899,
    });
    // The customer's account, made on another device, which stays signed in.
    const other = await secondBrowser(browser, testInfo, 121);
    const customer = await signUpThroughPage(other, 'Cart Carrier');
    // The narrowest phone the shop is made for.
    if (isPhone(page)) await page.setViewportSize({ width: 375, height: 812 });

    // A visitor: one part from its card, the other from its page, within its rules.
    await addFromCard(page, wing);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 part');
    await page.goto(`/parts/${seat._id}`);
    const quantity = page.getByLabel('Quantity');
    await expect(quantity).toHaveAccessibleDescription('Minimum Order is 1 and Maximum order is 4');
    await quantity.fill('5');
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect(page.getByText('Choose a whole number from 1 to 4.')).toBeVisible();
    await quantity.fill('2');
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 parts');

    await cartLink(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
    await expect(lineOf(page, wing.name).getByLabel(/^Quantity/)).toHaveValue('2');
    await expect(lineOf(page, seat.name).getByLabel(/^Quantity/)).toHaveValue('2');
    await expect(page.getByText(`Total: ${dollars(2 * 1249.5 + 2 * 899)}`)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);

    // Signing in to check out comes back to the cart, now the account's.
    await page.getByRole('link', { name: 'Sign in to check out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, customer.email, customer.password);
    await expect(page).toHaveURL(/\/cart$/);
    await expect(lineOf(page, wing.name).getByLabel(/^Quantity/)).toHaveValue('2');
    await expect(lineOf(page, seat.name).getByLabel(/^Quantity/)).toHaveValue('2');
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 parts');
    await expect(page.getByRole('button', { name: 'Place the order' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);

    // The same customer on the other device finds the same cart.
    await other.goto('/cart');
    await expect(lineOf(other, wing.name)).toBeVisible();
    await expect(lineOf(other, seat.name).getByLabel(/^Quantity/)).toHaveValue('2');
    await expect(cartLink(other)).toHaveAccessibleName('Cart, 2 parts');
    await other.context().close();
  });

  test('three parts are checked out as one order, paid once by card, and an admin ships it', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    const token = await adminToken(request);
    const parts = [
      await addPart(request, token, {
        name: `Checkout calipers ${suffix()}`,
        minorder: 1,
        price: 1849,
      }),
      await addPart(request, token, {
        name: `Checkout wing ${suffix()}`,
        minorder: 2,
        price: 120.5,
      }),
      await addPart(request, token, {
        name: `Checkout intake ${suffix()}`,
        minorder: 1,
        price: 260,
      }),
    ] as const;
    const [calipers, wing, intake] = parts;
    const customer = await signUpThroughPage(page, 'Three Parts');
    for (const part of parts) await addFromCard(page, part);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 parts');

    await cartLink(page).click();
    // One more wing than its minimum, within its rules.
    const wingLine = lineOf(page, wing.name);
    await wingLine.getByLabel(/^Quantity/).fill('3');
    await wingLine.getByRole('button', { name: `Update the quantity of ${wing.name}` }).click();
    await expect(page.getByText(`Cart updated: 3 × ${wing.name}`)).toBeVisible();
    const total = dollars(1849 + 3 * 120.5 + 260);
    await expect(page.getByText(`Total: ${total}`)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Phone').fill('+1 555 0100');
    await page.getByLabel('Address', { exact: true }).fill('1 Pit Lane, Monza');
    await page.getByRole('button', { name: 'Place the order' }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\//);
    await expect(page.getByRole('heading', { level: 1, name: /^Pay for/ })).toBeVisible();
    await expect(page.getByText(`${wing.name} × 3`)).toBeVisible();
    await payWithCard(page);
    await expect(page.getByText('your payment is completed')).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, empty');
    // The stock of every line was taken, once.
    expect(await stockOf(request, calipers._id)).toBe(11);
    expect(await stockOf(request, wing._id)).toBe(9);
    expect(await stockOf(request, intake._id)).toBe(11);

    // My Orders: one order, paid, of three lines.
    await page.goto('/dashboard');
    const orders = page.getByRole('region', { name: 'Your orders' });
    const rows = orders.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(rows).toHaveCount(1);
    const row = rows.first();
    await expect(row.getByRole('listitem')).toHaveText([
      `${calipers.name} × 1 ${dollars(1849)}`,
      `${wing.name} × 3 ${dollars(361.5)}`,
      `${intake.name} × 1 ${dollars(260)}`,
    ]);
    await expect(row.getByRole('cell', { name: total })).toBeVisible();
    await expect(row.getByText('Paid', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const admin = await secondBrowser(browser, testInfo, 122);
    await openAsAdmin(admin, '/dashboard/manageorders');
    const adminRow = admin.getByRole('row').filter({ hasText: customer.email });
    await expect(adminRow.getByText(`${intake.name} × 1`)).toBeVisible();
    await adminRow.getByRole('button', { name: /^Pending/ }).click();
    await expect(admin.getByText('Yeah Status Changed')).toBeVisible();
    await expect(adminRow.getByText('Shipped', { exact: true })).toBeVisible();
    await admin.context().close();

    await expectShippedInMyOrders(page, calipers.name);
  });

  test('a line that sold out meanwhile refuses the whole checkout, naming it, and nothing is reserved', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    const token = await adminToken(request);
    const first = await addPart(request, token, {
      name: `Plenty exhaust ${suffix()}`,
      minorder: 1,
    });
    const scarce = await addPart(request, token, {
      name: `Scarce diffuser ${suffix()}`,
      minorder: 1,
      quantity: 2,
    });
    const last = await addPart(request, token, { name: `Plenty clutch ${suffix()}`, minorder: 2 });
    await signUpThroughPage(page, 'Late Buyer');
    for (const part of [first, scarce, last]) await addFromCard(page, part);
    await cartLink(page).click();
    await page.getByLabel('Phone').fill('+1 555 0101');
    await page.getByLabel('Address', { exact: true }).fill('2 Pit Lane, Monza');

    // Meanwhile another customer buys every unit of one line: they were not held for anyone
    // (the last minimum order never is), so they are the rival's once paid.
    const rival = await secondBrowser(browser, testInfo, 123);
    await signUpThroughPage(rival, 'Early Buyer');
    await orderThroughPage(rival, scarce, 2);
    await rival.getByRole('link', { name: 'Pay now' }).click();
    await payWithCard(rival);
    await expect(rival.getByText('your payment is completed')).toBeVisible();
    await rival.context().close();
    expect(await stockOf(request, scarce._id)).toBe(0);

    await page.getByRole('button', { name: 'Place the order' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: scarce.name });
    await expect(refusal).toContainText(/sold out/i);
    await expect(page).toHaveURL(/\/cart$/);
    // The cart now says which line and why; the others are still there, nothing was reserved.
    await expect(lineOf(page, scarce.name)).toContainText(/sold out/i);
    await expect(lineOf(page, first.name)).toBeVisible();
    await expect(lineOf(page, last.name)).toBeVisible();
    expect(await stockOf(request, first._id)).toBe(12);
    expect(await stockOf(request, last._id)).toBe(12);
    await expectNoSeriousA11yViolations(page);

    await page.goto('/dashboard');
    await expect(page.getByText('You have not ordered anything yet.')).toBeVisible();
  });
});
