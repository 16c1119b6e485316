import { type APIRequestContext, type Page, request as requests } from '@playwright/test';

import {
  expect,
  expectNoSeriousA11yViolations,
  logInAs,
  newClientAddress,
  orderThroughPage,
  signUpThroughPage,
  test,
} from '../tests/support';
import { balancerUrl, type Cluster, demoPassword, type Instance, startCluster } from './cluster';

// Through the balancer, as customers and admins use the shop; each instance is also asked
// directly, to show what every one of them answers.

test.describe.configure({ mode: 'serial' });

let cluster: Cluster;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  cluster = await startCluster();
});
test.afterAll(async () => {
  await cluster.close();
});

const ADMIN = 'admin@example.com';
/** What the shop promises: a write on one instance shows on every other within a second. */
const WITHIN_A_SECOND = { timeout: 1_000, intervals: [25] };

interface WirePart {
  _id: string;
  name: string;
  quantity: number;
  minorder: number;
  price: number;
  version: number;
}

const direct = (instance: Instance) => requests.newContext({ baseURL: instance.url });

/** Each instance's answer for one part, asked of the instance itself (null: not on sale). */
async function partOnEachInstance(id: string): Promise<(WirePart | null)[]> {
  return Promise.all(
    cluster.instances.map(async (instance) => {
      const context = await direct(instance);
      const answer = await context.get(`/api/parts/${id}`);
      const part = answer.status() === 200 ? ((await answer.json()) as WirePart) : null;
      await context.dispose();
      return part;
    }),
  );
}

const accessToken = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken') ?? '');

test('an admin adds, edits, restocks and archives a part; every instance shows each change within a second', async ({
  page,
  request,
}) => {
  await logInAs(page, ADMIN, demoPassword(cluster, ADMIN));
  await page.goto('/dashboard/addproduct');
  const name = `Balanced spoiler ${Date.now()}`;
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Price ($)').fill('250');
  await page.getByLabel('Minimum order').fill('2');
  await page.getByLabel('Quantity in stock').fill('10');
  await page.getByLabel('Description').fill('Added through the balancer.');
  await page.getByLabel('Image URL').fill(`${balancerUrl}/images/parts/carbon-rear-wing.svg`);
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Product added')).toBeVisible();

  const listed = (await (await request.get('/api/parts')).json()) as WirePart[];
  const added = listed.find((part) => part.name === name);
  if (!added) throw new Error('the new part is not listed through the balancer');
  await expect
    .poll(
      async () => (await partOnEachInstance(added._id)).map((part) => part?.name),
      WITHIN_A_SECOND,
    )
    .toEqual([name, name, name]);

  const auth = { authorization: `Bearer ${await accessToken(page)}` };
  const edited = await request.put(`/api/parts/${added._id}`, {
    headers: auth,
    data: {
      name,
      image: `${balancerUrl}/images/parts/carbon-rear-wing.svg`,
      description: 'Added through the balancer.',
      price: 275,
      minorder: 2,
      version: added.version,
    },
  });
  expect(edited.status()).toBe(200);
  await expect
    .poll(
      async () => (await partOnEachInstance(added._id)).map((part) => part?.price),
      WITHIN_A_SECOND,
    )
    .toEqual([275, 275, 275]);

  const restocked = await request.post(`/api/parts/${added._id}/restock`, {
    headers: auth,
    data: { units: 15 },
  });
  expect(restocked.status()).toBe(200);
  await expect
    .poll(
      async () => (await partOnEachInstance(added._id)).map((part) => part?.quantity),
      WITHIN_A_SECOND,
    )
    .toEqual([25, 25, 25]);

  expect((await request.delete(`/api/parts/${added._id}`, { headers: auth })).status()).toBe(200);
  await expect
    .poll(() => partOnEachInstance(added._id), WITHIN_A_SECOND)
    .toEqual([null, null, null]);
});

/** A demo part with the most stock, read through the balancer. */
async function roomiestPart(request: APIRequestContext): Promise<WirePart> {
  const parts = (await (await request.get('/api/parts')).json()) as WirePart[];
  return parts.reduce((most, part) => (part.quantity > most.quantity ? part : most));
}

test('a customer signs up, orders, pays and is shipped across instances; sign-out on one is sign-out on all', async ({
  page,
  browser,
  request,
}) => {
  const part = await roomiestPart(request);
  const customer = await signUpThroughPage(page, 'Balanced Buyer');
  await orderThroughPage(page, part, part.minorder);
  await page.getByRole('link', { name: 'Pay now' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByText('your payment is completed')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The customer's access token works on every instance.
  const token = await accessToken(page);
  for (const instance of cluster.instances) {
    const context = await direct(instance);
    const mine = await context.get(`/api/orders?userEmail=${encodeURIComponent(customer.email)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(mine.status(), instance.url).toBe(200);
    expect(((await mine.json()) as unknown[]).length, instance.url).toBe(1);
    await context.dispose();
  }

  const admin = await (
    await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': newClientAddress() } })
  ).newPage();
  await logInAs(admin, ADMIN, demoPassword(cluster, ADMIN));
  await admin.goto('/dashboard/manageorders');
  const row = admin.getByRole('row').filter({ hasText: customer.email });
  await row.getByRole('button', { name: /^Pending/ }).click();
  await expect(row.getByText('Shipped', { exact: true })).toBeVisible();
  await admin.context().close();
  await page.goto('/dashboard');
  await expect(
    page.getByRole('row').filter({ hasText: part.name }).getByText('Shipped', { exact: true }),
  ).toBeVisible();

  // Signing out through the balancer ends the session everywhere.
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Sign Out' })
    .click();
  await expect.poll(() => accessToken(page)).toBe('');
  for (const instance of cluster.instances) {
    const context = await direct(instance);
    const mine = await context.get(`/api/orders?userEmail=${encodeURIComponent(customer.email)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(mine.status(), instance.url).toBe(401);
    await context.dispose();
  }
});
