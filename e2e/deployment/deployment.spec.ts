import path from 'node:path';

import { type APIRequestContext, type Page, request as requests } from '@playwright/test';
import pg from 'pg';

const fixtures = path.join(import.meta.dirname, '..', 'fixtures');

import {
  buyThroughPages,
  expect,
  expectNoSeriousA11yViolations,
  expectShippedInMyOrders,
  logInAs,
  newClientAddress,
  signUpThroughApi,
  signUpThroughPage,
  test,
} from '../tests/support';
import {
  balancerUrl,
  type Cluster,
  demoPassword,
  type Instance,
  METRICS_TOKEN,
  startCluster,
  WRITES_PER_MINUTE,
} from './cluster';

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

  await page.goto('/dashboard/manageproducts');
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('link', { name: `Edit ${name}` }).click();
  await page.getByLabel('Price ($)').fill('275');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Product updated')).toBeVisible();
  await expect
    .poll(
      async () => (await partOnEachInstance(added._id)).map((part) => part?.price),
      WITHIN_A_SECOND,
    )
    .toEqual([275, 275, 275]);

  await row.getByLabel(`Units to add to ${name}`).fill('15');
  await row.getByRole('button', { name: `Restock ${name}` }).click();
  await expect(page.getByText(`${name}: 15 units added, 25 in stock`)).toBeVisible();
  await expect
    .poll(
      async () => (await partOnEachInstance(added._id)).map((part) => part?.quantity),
      WITHIN_A_SECOND,
    )
    .toEqual([25, 25, 25]);

  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(page.getByText('Yeah Parts Deleted')).toBeVisible();
  await expect
    .poll(() => partOnEachInstance(added._id), WITHIN_A_SECOND)
    .toEqual([null, null, null]);
});

test('a picture uploaded through the balancer is served by every instance', async ({ page }) => {
  await logInAs(page, ADMIN, demoPassword(cluster, ADMIN));
  await page.goto('/dashboard/addproduct');
  await page.getByLabel('Or upload a picture').setInputFiles(path.join(fixtures, 'part-photo.png'));
  const image = page.getByLabel('Image URL');
  await expect(image).toHaveValue(/^\/uploads\/parts\/[0-9a-f]{64}\.png$/);
  const address = await image.inputValue();
  const copy = address.replace(/\.png$/, '-320.webp');

  // Every instance sends the same bytes for the picture and for its copy made for phones.
  for (const [picture, type] of [
    [address, 'image/png'],
    [copy, 'image/webp'],
  ] as const) {
    const served = await Promise.all(
      cluster.instances.map(async (instance) => {
        const context = await direct(instance);
        const answer = await context.get(picture);
        expect(answer.status(), `${instance.url}${picture}`).toBe(200);
        expect(answer.headers()['content-type']).toBe(type);
        expect(answer.headers()['cache-control']).toContain('immutable');
        const bytes = (await answer.body()).toString('base64');
        await context.dispose();
        return bytes;
      }),
    );
    expect(served[0]).not.toBe('');
    expect(new Set(served).size).toBe(1);
  }
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
  const customer = await signUpThroughPage(page, 'Balanced Buyer', undefined, keptConfirmationLink);
  await buyThroughPages(page, part);
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
  await expectShippedInMyOrders(page, part.name);

  // Signing out through the balancer ends the session everywhere: within a second on the
  // instances that kept the caller in memory (decision 016).
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Sign Out' })
    .click();
  await expect.poll(() => accessToken(page)).toBe('');
  for (const instance of cluster.instances) {
    const context = await direct(instance);
    const mine = () =>
      context
        .get(`/api/orders?userEmail=${encodeURIComponent(customer.email)}`, {
          headers: { authorization: `Bearer ${token}` },
        })
        .then((answer) => answer.status());
    await expect.poll(mine, { message: instance.url, timeout: 1_000, intervals: [20] }).toBe(401);
    await context.dispose();
  }
});

test('the sign-in limit counts attempts on every instance together', async () => {
  const address = newClientAddress();
  const statuses: number[] = [];
  // One address, four wrong passwords, each to another instance: three are allowed in ten seconds.
  for (const instance of [...cluster.instances, ...cluster.instances].slice(0, 4)) {
    const context = await direct(instance);
    const answer = await context.post('/api/auth/sign-in/email', {
      headers: { origin: balancerUrl, 'x-forwarded-for': address },
      data: { email: 'nobody-here@example.com', password: 'not-the-password' },
    });
    statuses.push(answer.status());
    await context.dispose();
  }
  // Each instance alone would have allowed its attempts: the count is Redis's, shared by all.
  expect(statuses).toEqual([401, 401, 401, 429]);
});

/**
 * The cluster has no mail server: a sign-up's link waits in the outbox, where the journeys read
 * it as the mail server would have received it (admins never see it on the Outbox page).
 */
async function keptConfirmationLink(email: string): Promise<string> {
  const database = new pg.Client({ connectionString: cluster.databaseUrl });
  await database.connect();
  try {
    const { rows } = await database.query<{ link: string }>(
      `select data->>'link' as link from outbox
        where recipient = $1 and kind = 'verify-email' order by created_at desc limit 1`,
      [email.toLowerCase()],
    );
    const link = rows[0]?.link;
    if (!link) throw new Error(`no confirmation link waits for ${email}`);
    return link;
  } finally {
    await database.end();
  }
}

test('the writes limit counts changes on every instance together', async () => {
  const address = newClientAddress();
  const [first, second, third] = await Promise.all(cluster.instances.map(direct));
  if (!first || !second || !third) throw new Error('three instances expected');
  // An empty order, signed out, is refused (400) after it is counted against the address.
  const write = async (instance: APIRequestContext) =>
    instance.post('/api/orders', { headers: { 'x-forwarded-for': address }, data: {} });
  // The whole minute's allowance, half on the first instance and half on the second.
  const statuses: number[] = [];
  for (let sent = 0; sent < WRITES_PER_MINUTE; sent += 20) {
    const batch = Array.from({ length: 20 }, (_, i) => write(i % 2 === 0 ? first : second));
    statuses.push(...(await Promise.all(batch)).map((answer) => answer.status()));
  }
  expect(new Set(statuses)).toEqual(new Set([400]));
  // The third has seen no change from this address, and still refuses the next one.
  const refused = await write(third);
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);
  expect(((await refused.json()) as { message: string }).message).toMatch(
    /^Too many changes in a short time: try again in \d+ s$/,
  );
  await Promise.all([first, second, third].map((context) => context.dispose()));
});

/**
 * A reload of nginx closes its idle connections to clients; a request sent on one at that moment
 * fails before nginx reads it, and a browser sends it again on a new connection by itself. These
 * requests are sent on a connection of their own, so that only the shop's answers count.
 */
const ONE_REQUEST_PER_CONNECTION = { connection: 'close' };

interface Customer {
  token: string;
  address: string;
}

async function signUpCustomers(request: APIRequestContext, count: number): Promise<Customer[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const token = await signUpThroughApi(
        request,
        {
          name: `Rush ${i}`,
          email: `rush-${i}-${Date.now()}@example.com`,
          password: 'balanced-rush-password',
        },
        { origin: balancerUrl, confirmationLinkOf: keptConfirmationLink },
      );
      return { token, address: newClientAddress() };
    }),
  );
}

interface WireOrder {
  _id: string;
  orderId: string;
  orderQuantity: number;
  price: number;
  unitPrice: number;
}

/** Places an order through the balancer, as a customer's browser does; null when no answer came. */
async function placeOrder(
  request: APIRequestContext,
  customer: Customer,
  part: WirePart,
  n: number,
): Promise<{ status: number; order?: WireOrder }> {
  try {
    const answer = await request.post('/api/orders', {
      headers: {
        authorization: `Bearer ${customer.token}`,
        'x-forwarded-for': customer.address,
        ...ONE_REQUEST_PER_CONNECTION,
      },
      data: {
        orderId: part._id,
        orderQuantity: part.minorder + (n % 3),
        phone: `+44 20 7946 ${String(n).padStart(4, '0')}`,
        address: `${n} Pit Lane`,
      },
      timeout: 30_000,
    });
    const status = answer.status();
    return status === 201
      ? { status, order: ((await answer.json()) as { order: WireOrder }).order }
      : { status };
  } catch {
    return { status: 0 };
  }
}

/** Requests an instance has answered, from its own metrics. */
async function requestsAnswered(instance: Instance): Promise<number> {
  const context = await direct(instance);
  const metrics = await (
    await context.get('/api/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  await context.dispose();
  return [...metrics.matchAll(/^apex_http_request_duration_seconds_count\{[^}]*\} (\d+)/gm)].reduce(
    (sum, match) => sum + Number(match[1]),
    0,
  );
}

async function allOrders(request: APIRequestContext, adminToken: string): Promise<WireOrder[]> {
  const answer = await request.get('/api/allorders', {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as WireOrder[];
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const answer = await request.post('/api/auth/sign-in/email', {
    headers: { origin: balancerUrl, 'x-forwarded-for': newClientAddress() },
    data: { email: ADMIN, password: demoPassword(cluster, ADMIN) },
  });
  const token = answer.headers()['set-auth-token'];
  if (!token) throw new Error(`admin sign-in failed: ${answer.status()}`);
  return token;
}

test('one of three instances killed in a burst of orders: nothing acknowledged is lost, nothing oversold, and it rejoins', async ({
  request,
}) => {
  const admin = await adminToken(request);
  const part = await roomiestPart(request);
  const customers = await signUpCustomers(request, 6);
  const before = new Set((await allOrders(request, admin)).map((order) => order._id));
  const victim = cluster.instances[1];
  if (!victim) throw new Error('no second instance');

  const ORDERS = 90;
  const confirmed: WireOrder[] = [];
  const failedTwice: number[] = [];
  let next = 0;
  let killed = false;
  await Promise.all(
    customers.map(async (customer) => {
      while (next < ORDERS) {
        const n = next++;
        if (!killed && confirmed.length >= 20) {
          killed = true;
          victim.child?.kill('SIGKILL');
        }
        // A customer whose order got no answer, or an error, tries once more.
        let placed = await placeOrder(request, customer, part, n);
        if (placed.status !== 201) placed = await placeOrder(request, customer, part, n);
        if (placed.order) confirmed.push(placed.order);
        else failedTwice.push(placed.status);
      }
    }),
  );
  expect(killed).toBe(true);
  await cluster.stop(victim, 'SIGKILL');
  expect(failedTwice).toEqual([]);

  const placed = (await allOrders(request, admin)).filter(
    (order) => order.orderId === part._id && !before.has(order._id),
  );
  const byId = new Map(placed.map((order) => [order._id, order]));
  for (const order of confirmed) expect(byId.get(order._id)).toEqual(order);
  // Orders whose answer died with the instance may exist beyond those confirmed: at most one
  // per retry. None is half-written, and the stock accounts for every one.
  expect(placed.length).toBeGreaterThanOrEqual(confirmed.length);
  for (const order of placed) {
    expect(Math.round(order.price * 100)).toBe(
      Math.round(order.unitPrice * 100) * order.orderQuantity,
    );
  }
  const stockNow = ((await (await request.get(`/api/parts/${part._id}`)).json()) as WirePart)
    .quantity;
  expect(stockNow + placed.reduce((sum, order) => sum + order.orderQuantity, 0)).toBe(
    part.quantity,
  );

  // Restarted, it takes requests from the balancer again once nginx tries it (after 5 s).
  await cluster.start(victim);
  const answeredBefore = await requestsAnswered(victim);
  await expect
    .poll(
      async () => {
        await Promise.all(Array.from({ length: 6 }, () => request.get('/api/parts')));
        return (await requestsAnswered(victim)) - answeredBefore;
      },
      { timeout: 15_000, intervals: [500] },
    )
    .toBeGreaterThan(1);
});

test('a rolling restart of all three instances loses no request', async ({ request }) => {
  const part = await roomiestPart(request);
  // Enough stock that every order of the restart can be had: a refusal would then be a loss.
  const restock = await request.post(`/api/parts/${part._id}/restock`, {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { units: 100_000 },
  });
  expect(restock.status()).toBe(200);
  const customers = await signUpCustomers(request, 3);
  const answers: number[] = [];
  let restarting = true;
  const traffic = Promise.all([
    ...customers.map(async (customer, i) => {
      for (let n = 0; restarting; n++)
        answers.push((await placeOrder(request, customer, part, n + i)).status);
    }),
    ...Array.from({ length: 3 }, async () => {
      while (restarting) {
        answers.push(
          await request.get('/api/parts', { headers: ONE_REQUEST_PER_CONNECTION }).then(
            (answer) => answer.status(),
            () => 0,
          ),
        );
      }
    }),
  ]);
  // One at a time, as docs/deploy.md says: out of nginx's rotation, SIGTERM (it finishes what it
  // took), start again, ready, back into the rotation.
  for (const instance of cluster.instances) {
    await cluster.setInRotation(instance, false);
    await cluster.stop(instance, 'SIGTERM');
    await cluster.start(instance);
    await cluster.setInRotation(instance, true);
  }
  restarting = false;
  await traffic;
  const refused = answers.filter((status) => status !== 200 && status !== 201);
  expect(answers.length).toBeGreaterThan(50);
  expect(refused).toEqual([]);
});

test('the database going away and coming back: every instance says it is not ready, then is, and shows what changed', async ({
  request,
}) => {
  const part = await roomiestPart(request);
  const name = new URL(cluster.databaseUrl).pathname.slice(1);
  // A connection to another database of the server, to close this one's doors.
  const server = new pg.Client({
    connectionString: Object.assign(new URL(cluster.databaseUrl), { pathname: '/postgres' }).href,
  });
  await server.connect();
  const ready = () =>
    Promise.all(
      cluster.instances.map(async (instance) => {
        const context = await direct(instance);
        const status = (await context.get('/api/ready')).status();
        await context.dispose();
        return status;
      }),
    );
  try {
    await server.query(`alter database ${name} allow_connections false`);
    await server.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
      [name],
    );
    await expect.poll(ready, { timeout: 15_000 }).toEqual([503, 503, 503]);
  } finally {
    await server.query(`alter database ${name} allow_connections true`);
  }
  await expect.poll(ready, { timeout: 15_000 }).toEqual([200, 200, 200]);

  // Written as the instances come back: whether or not they were listening yet, each shows it.
  const database = new pg.Client({ connectionString: cluster.databaseUrl });
  await database.connect();
  await database.query('update parts set name = $1 where id = $2', ['Renamed meanwhile', part._id]);
  await expect
    .poll(async () => (await partOnEachInstance(part._id)).map((shown) => shown?.name), {
      timeout: 10_000,
    })
    .toEqual(['Renamed meanwhile', 'Renamed meanwhile', 'Renamed meanwhile']);
  // Each dropped its caches when its notices were lost, so the new name shows before every
  // instance listens again; each reconnects by itself, within its 5 s between tries.
  const listening = async () =>
    (
      await database.query<{ n: string }>(
        "select count(*) as n from pg_stat_activity where datname = current_database() and application_name = 'apex-parts-change-notices'",
      )
    ).rows[0]?.n;
  await expect.poll(listening, { timeout: 10_000 }).toBe('3');
  await database.query('update parts set name = $1 where id = $2', [part.name, part._id]);
  await expect
    .poll(
      async () => (await partOnEachInstance(part._id)).map((shown) => shown?.name),
      WITHIN_A_SECOND,
    )
    .toEqual([part.name, part.name, part.name]);
  await database.end();
  await server.end();
});
