import { randomInt } from 'node:crypto';

import type { APIRequestContext, Page } from '@playwright/test';

import {
  addPart,
  adminToken,
  confirmThroughApi,
  expect,
  expectNoSeriousA11yViolations,
  logInAs,
  mailedConfirmationLink,
  newEmail,
  openAsAdmin,
  startSignUpThroughApi,
  test,
} from './support';

// Manage Orders, Users and My Orders at a size where paging shows: more than one page of the
// test's own orders and accounts, found by a name no other journey uses. They are made through
// the API, each account from its own address, as customers signing up from their own homes would.

interface Customer {
  name: string;
  email: string;
  bearer: { authorization: string };
}

const CUSTOMER_PASSWORD = 'secret123-pager';

async function newCustomer(request: APIRequestContext, name: string): Promise<Customer> {
  const [customer] = await newCustomers(request, [name]);
  if (!customer) throw new Error('no customer was made');
  return customer;
}

/**
 * Accounts made in the order of `names` as far as the lists show it (newest first): every sign-up
 * is sent at once, so their mails arrive together; then the first link is confirmed, the middle
 * ones together, and the last one alone, so the first is the oldest and the last the newest.
 */
async function newCustomers(request: APIRequestContext, names: string[]): Promise<Customer[]> {
  const accounts = names.map((name) => ({
    name,
    email: newEmail('pager'),
    password: CUSTOMER_PASSWORD,
  }));
  await Promise.all(accounts.map((account) => startSignUpThroughApi(request, account)));
  const links = await Promise.all(accounts.map((account) => mailedConfirmationLink(account.email)));
  const confirm = async (i: number): Promise<Customer> => {
    const account = accounts[i];
    if (!account) throw new Error(`no account ${i}`);
    const token = await confirmThroughApi(request, {
      link: links[i] ?? '',
      password: account.password,
    });
    return {
      name: account.name,
      email: account.email,
      bearer: { authorization: `Bearer ${token}` },
    };
  };
  const last = accounts.length - 1;
  const first = await confirm(0);
  if (last === 0) return [first];
  const middle = await Promise.all(accounts.slice(1, last).map((_, i) => confirm(i + 1)));
  return [first, ...middle, await confirm(last)];
}

/**
 * `count` orders of one unit of the part, one after another, of which the first `cancelled` are
 * cancelled by the customer: a customer may hold only a few unpaid orders at once.
 */
async function placeOrders(
  request: APIRequestContext,
  customer: Customer,
  partId: string,
  count: number,
  cancelled: number,
): Promise<void> {
  for (let i = 0; i < count; i++) {
    const placed = await request.post('/api/orders', {
      headers: customer.bearer,
      data: { orderId: partId, orderQuantity: 1, phone: '1', address: 'Pit Lane' },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    if (i < cancelled) {
      const { insertedId } = (await placed.json()) as { insertedId: string };
      const cancel = await request.post(`/api/orders/${insertedId}/cancel`, {
        headers: customer.bearer,
      });
      expect(cancel.status(), await cancel.text()).toBe(200);
    }
  }
}

/** A part of this test's own, in stock for many orders of one unit. */
async function partForManyOrders(request: APIRequestContext, name: string) {
  return addPart(request, await adminToken(request), {
    name: `${name} ${randomInt(1e6)}`,
    quantity: 500,
    minorder: 1,
  });
}

/** A name for this test's people alone: the search finds them and nobody else. */
const ownName = () => `Pager${randomInt(1e9)}`;

const status = (page: Page) => page.getByRole('main').getByRole('status');

test.describe('admin lists at any size', () => {
  test('an admin pages through Users 50 at a time and finds an account by its name', async ({
    page,
    request,
  }) => {
    const name = ownName();
    const accounts = await newCustomers(
      request,
      Array.from({ length: 51 }, (_, i) => `${name} ${i}`),
    );

    await openAsAdmin(page, '/dashboard/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users: Make Admin' })).toBeVisible();
    const search = page.getByRole('search', { name: 'Find accounts' });
    await search.getByLabel('E-mail or name').fill(name.toUpperCase());
    await search.getByLabel('E-mail or name').press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]q=${name.toUpperCase()}`));
    await expect(status(page)).toHaveText('50 accounts shown; Show more for the next ones');
    // Newest first: the last to sign up heads the list, the first waits on the next page.
    await expect(page.getByRole('row').nth(1)).toContainText(accounts[50]?.email ?? '');
    await expect(page.getByRole('row').filter({ hasText: accounts[0]?.email ?? '' })).toHaveCount(
      0,
    );
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Show more' }).click();
    const first = page.getByRole('row').filter({ hasText: accounts[0]?.email ?? '' });
    await expect(first).toBeFocused();
    await expect(status(page)).toHaveText('51 accounts shown');
    await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);

    // The address carries the search: a reload shows the same accounts.
    await page.reload();
    await expect(page.getByRole('search').getByLabel('E-mail or name')).toHaveValue(
      name.toUpperCase(),
    );
    await expect(status(page)).toHaveText('50 accounts shown; Show more for the next ones');
  });

  test('an admin finds a customer’s orders, pages through them and narrows them to one state', async ({
    page,
    request,
  }) => {
    const part = await partForManyOrders(request, 'Pager Wing');
    const name = ownName();
    // 6 customers of 9 orders: 6 cancelled, then 3 left unpaid (as many as one may hold).
    const customers = await newCustomers(
      request,
      Array.from({ length: 6 }, (_, c) => `${name} ${c}`),
    );
    for (const customer of customers) await placeOrders(request, customer, part._id, 9, 6);

    await openAsAdmin(page, '/dashboard/manageorders');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Orders' })).toBeVisible();
    const filters = page.getByRole('search', { name: 'Find orders' });
    await filters.getByLabel('Customer e-mail or name').fill(name);
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect(status(page)).toHaveText('50 orders shown; Show more for the next ones');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Show more' }).click();
    await expect(status(page)).toHaveText('54 orders shown');
    // Focus is on the first order the button added, the 51st, of the first customer.
    const focusedRow = page.locator('tr:focus');
    await expect(focusedRow).toContainText(`${name} 0`);

    await filters.getByLabel('State').selectOption({ label: 'Unpaid' });
    await expect(page).toHaveURL(/[?&]state=unpaid/);
    await expect(status(page)).toHaveText('18 orders shown');
    await expect(page.getByRole('button', { name: /^Unpaid: delete the order/ })).toHaveCount(18);
    await expectNoSeriousA11yViolations(page);

    await filters.getByLabel('State').selectOption({ label: 'Shipped' });
    await expect(page.getByText('No orders match this search.')).toBeVisible();
    await page.getByRole('button', { name: 'Show every order' }).click();
    await expect(page).not.toHaveURL(/[?&](state|q)=/);
    await expect(filters.getByLabel('Customer e-mail or name')).toHaveValue('');
  });

  test('a customer of many orders pages through My Orders 20 at a time', async ({
    page,
    request,
  }) => {
    const part = await partForManyOrders(request, 'Pager Intake');
    const customer = await newCustomer(request, ownName());
    // 21 orders: the first 19 cancelled, the last 2 left unpaid (fewer than one may hold).
    await placeOrders(request, customer, part._id, 21, 19);

    await logInAs(page, customer.email, CUSTOMER_PASSWORD);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    await expect(status(page)).toHaveText('20 orders shown; Show more for the next ones');
    // Newest first: the two unpaid orders head the list.
    await expect(page.getByRole('link', { name: `Pay for ${part.name}` })).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Show more' }).click();
    await expect(status(page)).toHaveText('21 orders shown');
    // Focus is on the order the button added: the first one placed, cancelled.
    await expect(page.locator('tr:focus')).toContainText('Cancelled');
    await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
  });
});
