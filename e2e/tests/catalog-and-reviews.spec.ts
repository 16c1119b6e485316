import { randomInt } from 'node:crypto';
import path from 'node:path';

import type { Locator, Page } from '@playwright/test';

import {
  demoAdmin,
  expect,
  expectNoSeriousA11yViolations,
  logInAs,
  mainNavigation,
  openAsAdmin,
  openDashboardPage,
  secondBrowser,
  signUpThroughPage,
  test,
} from './support';

const photo = path.join(import.meta.dirname, '../fixtures/part-photo.png');

/** A name no other journey uses; "Zonda" sorts after every demo part. */
const uniqueName = (what: string) => `Zonda ${what} ${Date.now()}${randomInt(1000)}`;

async function expectPictureShown(picture: Locator) {
  await picture.scrollIntoViewIfNeeded();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

const partCard = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Parts', exact: true }).getByRole('article', { name });

/** A part's card on the home page, found as a visitor finds one among many: by its name. */
async function searchForPart(page: Page, name: string) {
  await page.goto(`/?q=${encodeURIComponent(name)}`);
  return partCard(page, name);
}

/** Fills Add A Product's fields other than the picture. */
async function fillPartFields(
  page: Page,
  part: { name: string; price: string; minorder: string; quantity: string; description: string },
) {
  await page.getByLabel('Name').fill(part.name);
  await page.getByLabel('Price ($)').fill(part.price);
  await page.getByLabel('Minimum order').fill(part.minorder);
  await page.getByLabel('Quantity in stock').fill(part.quantity);
  await page.getByLabel('Description').fill(part.description);
}

/** Adds a part through Add A Product with a picture address; the admin must be signed in. */
async function addPartThroughPage(page: Page, name: string, quantity = 10) {
  await page.goto('/dashboard/addproduct');
  await fillPartFields(page, {
    name,
    price: '250',
    minorder: '2',
    quantity: String(quantity),
    description: 'Made for this journey.',
  });
  await page
    .getByLabel('Image URL')
    .fill(new URL('/images/parts/carbon-rear-wing.svg', page.url()).href);
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Product added')).toBeVisible();
}

/** The demo admin signs in and adds a part of a name no other journey uses; returns the name. */
async function newPartByAdmin(page: Page, what: string, quantity?: number): Promise<string> {
  await logInAs(page, demoAdmin.email, demoAdmin.password);
  const name = uniqueName(what);
  await addPartThroughPage(page, name, quantity);
  return name;
}

/** Opens Manage Products: the row of the part named `name`. */
async function manageProductsRow(page: Page, name: string): Promise<Locator> {
  await page.goto('/dashboard/manageproducts');
  return page.getByRole('row').filter({ hasText: name });
}

test.describe('reviews', () => {
  test('a customer adds a review within the rating rule and sees it on the home page', async ({
    page,
  }) => {
    const customer = await signUpThroughPage(page, `Reviewer ${randomInt(1e6)}`);
    await page.goto('/');
    const reviews = page.getByRole('region', { name: 'Customer reviews' });
    const countBefore = Number(
      (await reviews.getByText(/^\d+ reviews$/).textContent())?.split(' ')[0],
    );

    await openDashboardPage(page, 'Add a Review');
    await expect(page.getByRole('heading', { name: 'Add a Review' })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue(customer.name);
    const email = page.getByLabel('Email', { exact: true });
    await expect(email).toHaveValue(customer.email);
    await expect(email).not.toBeEditable();

    const rating = page.getByLabel('Rating');
    const submit = page.getByRole('button', { name: 'Add Review' });
    await expect(submit).toBeDisabled();
    for (const wrong of ['0', '6', '2.5']) {
      await rating.fill(wrong);
      await expect(page.getByText('Value Must be between 1 to 5')).toBeVisible();
      await expect(submit).toBeDisabled();
    }
    await expectNoSeriousA11yViolations(page);

    // Markup in a review is shown as the customer typed it, never run as HTML.
    const words = `Grips like glue <b>really</b> ${randomInt(1e9)}`;
    await rating.fill('5');
    await expect(page.getByText('Value Must be between 1 to 5')).toHaveCount(0);
    await page.getByLabel('Description').fill(words);
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText('Review added')).toBeVisible();

    // Back home through the app itself: no reload, yet the list is up to date.
    await (await mainNavigation(page)).getByRole('link', { name: 'Home' }).click();
    const card = reviews.getByRole('listitem').filter({ hasText: words });
    await expect(card).toBeVisible();
    await expect(card).toContainText(customer.name);
    await expect(card.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
    await expect(reviews).not.toContainText(customer.email);
    const countAfter = Number(
      (await reviews.getByText(/^\d+ reviews$/).textContent())?.split(' ')[0],
    );
    expect(countAfter).toBeGreaterThan(countBefore);
    await expect(reviews.getByRole('listitem')).toHaveCount(countAfter);
  });
});

test.describe('the catalog for admins', () => {
  test('an admin adds a product with an uploaded picture and one with a picture address @desktop', async ({
    page,
  }) => {
    await openAsAdmin(page, '/dashboard');
    await page.getByRole('link', { name: 'Add A Product' }).click();
    await expect(page.getByRole('heading', { name: 'Add A Product' })).toBeVisible();

    // Every field is checked before anything is sent.
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Enter the price as a number')).toBeVisible();

    const uploaded = uniqueName('Uploaded Intake');
    await fillPartFields(page, {
      name: uploaded,
      price: '1234.5',
      minorder: '1',
      quantity: '7',
      description: 'Shown with <i>its</i> own photo.',
    });
    await page.getByLabel('Or upload a picture').setInputFiles(photo);
    await expect(page.getByLabel('Image URL')).toHaveValue(/^\/uploads\/parts\/[0-9a-f]{64}\.png$/);
    await expectPictureShown(page.getByRole('img', { name: "The part's picture" }));
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText('Product added')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('');

    const linked = uniqueName('Linked Wing');
    await addPartThroughPage(page, linked);

    const uploadedCard = await searchForPart(page, uploaded);
    await expect(uploadedCard.getByText('$1,234.50')).toBeVisible();
    await expect(uploadedCard.getByText('Shown with <i>its</i> own photo.')).toBeVisible();
    await expectPictureShown(uploadedCard.getByRole('img', { name: uploaded }));
    const linkedCard = await searchForPart(page, linked);
    await expectPictureShown(linkedCard.getByRole('img', { name: linked }));
  });

  test('an admin restocks a part, visitors see the new stock, and Activity shows who did it', async ({
    page,
  }) => {
    const name = await newPartByAdmin(page, 'Restocked Clutch', 3);

    const row = await manageProductsRow(page, name);
    await expect(row.getByRole('cell', { name: '3', exact: true })).toBeVisible();
    await row.getByLabel(`Units to add to ${name}`).fill('42');
    await row.getByRole('button', { name: `Restock ${name}` }).click();
    await expect(page.getByText(`${name}: 42 units added, 45 in stock`)).toBeVisible();
    await expect(row.getByRole('cell', { name: '45', exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await expect((await searchForPart(page, name)).getByText('45', { exact: true })).toBeVisible();

    await openDashboardPage(page, 'Activity');
    await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
    const entry = page
      .getByRole('row')
      .filter({ hasText: 'Restocked a part' })
      .filter({ hasText: name });
    await expect(entry).toHaveCount(1);
    await expect(entry.getByRole('cell', { name: demoAdmin.email })).toBeVisible();
    await expect(entry.getByRole('listitem')).toHaveText([/^Stock: 3 →\s*to 45$/]);
    await expect(
      page.getByRole('row').filter({ hasText: 'Added a part' }).filter({ hasText: name }),
    ).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
  });

  test("an admin edits a part; the stock is not the edit form's to set @desktop", async ({
    page,
  }) => {
    const name = await newPartByAdmin(page, 'Edited Splitter', 6);

    const row = await manageProductsRow(page, name);
    await row.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible();
    await expect(page.getByText(/^In stock: 6\./)).toBeVisible();
    await expect(page.getByLabel('Quantity in stock')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Price ($)').fill('275');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Product updated')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/manageproducts$/);
    await expect(row.getByRole('cell', { name: '$275.00' })).toBeVisible();
    await expect(row.getByRole('cell', { name: '6', exact: true })).toBeVisible();
  });

  test('an admin deletes a part after confirming; a customer keeps their order of it @desktop', async ({
    page,
    browser,
  }, testInfo) => {
    const name = await newPartByAdmin(page, 'Retired Spoiler');

    const customer = await secondBrowser(browser, testInfo, 203);
    await signUpThroughPage(customer);
    await (
      await searchForPart(customer, name)
    )
      .getByRole('link', { name: `Buy now: ${name}` })
      .click();
    await customer.getByLabel('Quantity').fill('2');
    await customer.getByRole('button', { name: 'Order', exact: true }).click();
    await expect(customer.getByText('Order Placed', { exact: true })).toBeVisible();

    const row = await manageProductsRow(page, name);
    page.once('dialog', (dialog) => void dialog.dismiss());
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(row).toBeVisible();
    page.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(page.getByText('Yeah Parts Deleted')).toBeVisible();
    await expect(row).toHaveCount(0);

    const gone = await searchForPart(page, name);
    await expect(page.getByRole('region', { name: 'Parts', exact: true })).toContainText(
      /\d+ parts? available/,
    );
    await expect(gone).toHaveCount(0);

    await customer.goto('/dashboard');
    const order = customer.getByRole('row').filter({ hasText: name });
    await expect(order.getByRole('cell', { name: '$500.00' })).toBeVisible();
    await customer.context().close();
  });

  test("at desktop width Manage Products shows each part's picture and actions whole, with no sideways scrolling @desktop", async ({
    page,
  }) => {
    // A name with a long word in it, as a part number can be (and every name this suite gives
    // has: its number): the name's column gives way to it, not the card.
    const name = await newPartByAdmin(page, 'with-a-long-name');
    await expect(await manageProductsRow(page, name)).toBeVisible();
    const first = page.getByRole('row').nth(1);
    const card = page.getByRole('table').locator('xpath=..');
    const { scrollWidth, clientWidth } = await card.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await expect(first.getByRole('button', { name: /^Delete / })).toBeInViewport({ ratio: 1 });
    await expect(first.getByRole('link', { name: /^Edit / })).toBeInViewport({ ratio: 1 });
    // The picture keeps its size (64 × 48) instead of giving way to the other columns.
    const picture = await first.locator('img').boundingBox();
    expect(picture?.width).toBe(64);
  });

  test('Manage Products and Add A Product pass axe at this screen width', async ({ page }) => {
    await openAsAdmin(page, '/dashboard/manageproducts');
    await expect(page.getByRole('heading', { name: /Manage Products/ })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto('/dashboard/addproduct');
    await expect(page.getByRole('heading', { name: 'Add A Product' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
