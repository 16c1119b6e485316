import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Page,
  test as base,
  type TestInfo,
} from '@playwright/test';

import type { CaughtMail } from '../mail-catcher';
import { keepingShopUrl, mailCatcherUrl, shopUrl } from '../servers';

/**
 * Every test browses from its own client address (the shop trusts one proxy hop in these runs),
 * so the per-address limits on sign-in and sign-up count each test separately.
 */
export const test = base.extend<{
  /** A demo part for this test alone, in one of the slots `partFor` describes. */
  demoPart: (slot: number) => Promise<ApiPart>;
  /** What the browser said while the test ran, printed when it fails (see `browserLog`). */
  browserLog: undefined;
}>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': newClientAddress() });
  },
  browserLog: [
    async ({ context }, use, testInfo) => {
      const started = Date.now();
      const lines: string[] = [];
      const note = (what: string) =>
        lines.push(`+${((Date.now() - started) / 1000).toFixed(1)} s ${what}`);
      const watch = (page: Page) => {
        page.on('console', (message) => {
          if (message.type() === 'error') note(`console: ${message.text()}`);
        });
        page.on('pageerror', (error) => note(`page error: ${error.message}`));
        page.on('requestfailed', (request) =>
          note(`failed: ${request.method()} ${request.url()} ${request.failure()?.errorText}`),
        );
        page.on('response', (response) => {
          if (response.status() >= 500) note(`${response.status()}: ${response.url()}`);
        });
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await use(undefined);
      // A journey that fails in CI says why in its log: what the page could not load or run,
      // and what each page showed at the end.
      if (testInfo.status !== testInfo.expectedStatus) {
        for (const page of context.pages()) {
          const shown = await page
            .locator('body')
            .ariaSnapshot({ timeout: 2_000 })
            .catch(() => '(no snapshot)');
          note(`${page.url()} shows:\n${shown.split('\n').slice(0, 150).join('\n')}`);
        }
        const log = lines.join('\n');
        console.log(`What the browser said:\n${log}`);
        await testInfo.attach('browser-log', { body: log, contentType: 'text/plain' });
      }
    },
    { auto: true },
  ],
  demoPart: async ({ request }, use, testInfo) => {
    await use((slot) => partFor(request, slot, testInfo.project.name));
  },
});

/** A client address of its own, for a test's browser or a second device in the same test. */
export function newClientAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}
export { expect };

/** A second person at the shop (an admin beside the customer), browsing from their own address. */
export async function secondBrowser(
  browser: Browser,
  testInfo: TestInfo,
  octet: number,
): Promise<Page> {
  const context = await browser.newContext({
    extraHTTPHeaders: {
      'x-forwarded-for': `10.${octet}.${testInfo.workerIndex}.${randomInt(1, 255)}`,
    },
    ...(testInfo.project.use.viewport ? { viewport: testInfo.project.use.viewport } : {}),
  });
  return context.newPage();
}

/**
 * Waits for the page's short animations and transitions (a toast sliding in, a menu opening) to
 * end: halfway through its fade a toast's text is lighter than it will be, and axe would judge that
 * colour. Endless animations (loading placeholders) and long ones (a toast's countdown bar) are not
 * waited for.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const short = document.getAnimations().filter((animation) => {
      const timing = animation.effect?.getComputedTiming();
      return timing !== undefined && Number(timing.endTime) <= 2_000;
    });
    await Promise.all(short.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * Fails the test when axe finds a serious or critical accessibility violation on the page (but
 * for the parts `exclude` selects).
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  { exclude }: { exclude?: string } = {},
): Promise<void> {
  const axe = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'wcag22aa',
    'best-practice',
  ]);
  if (exclude) axe.exclude(exclude);
  await settleAnimations(page);
  const results = await axe.analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, serious.join('\n')).toEqual([]);
}

/** True on the phone project, where the navigation folds into a menu. */
export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 768;
}

/** Opens a Dashboard page from its side menu, as a person does (the menu is a drawer on a phone). */
export async function openDashboardPage(page: Page, name: string): Promise<void> {
  await page.goto('/dashboard');
  if (isPhone(page)) await page.getByRole('button', { name: 'Dashboard menu' }).click();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name }).click();
}

/** The main navigation, opened first on a phone. */
export async function mainNavigation(page: Page) {
  if (isPhone(page)) await page.getByRole('button', { name: 'Open menu' }).click();
  return page.getByRole('navigation', { name: 'Main' });
}

/** A fresh address that passes the spec's email rule (letters and digits only before the @). */
export function newEmail(prefix = 'customer'): string {
  return `${prefix}${Date.now()}${randomInt(1e6)}@example.com`;
}

/**
 * A fresh address of the kind people really have (dots, a +tag, a subdomain, a two-part country
 * domain), as the shop accepts since it follows the HTML e-mail input's rule.
 */
export function newRealEmail(): string {
  return `first.last+parts-${Date.now()}${randomInt(1e6)}@mail.example.co.uk`;
}

/** The subject of the mail whose link confirms a sign-up. */
export const CONFIRMATION_SUBJECT = 'Confirm your e-mail address for Apex Parts';

/** Where a test reads the link that confirms a sign-up: the shop under test mails it. */
export type ConfirmationLinkOf = (email: string) => Promise<string>;

/** The confirmation link as the mail catcher received it. */
export const mailedConfirmationLink: ConfirmationLinkOf = async (email) =>
  linkIn(await mailTo(email, { subject: CONFIRMATION_SUBJECT }), '/confirm-email?token=');

/**
 * Signs up through the pages, as a new customer would: the form, the mail's link, the password
 * typed again on the page it opens (decision 021). Ends on the home page, signed in.
 */
export async function signUpThroughPage(
  page: Page,
  name = 'Test Customer',
  email = newEmail(),
  confirmationLinkOf: ConfirmationLinkOf = mailedConfirmationLink,
) {
  const password = 'secret123';
  await page.goto('/signup');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await confirmThroughPage(page, await confirmationLinkOf(email), password);
  return { email, password, name };
}

/** Opens a sign-up's confirmation link and types the password; ends on the home page, signed in. */
export async function confirmThroughPage(page: Page, link: string, password: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
}

/** A sign-up through the API, as the sign-up page sends it: a link is mailed, no account made. */
export async function startSignUpThroughApi(
  request: APIRequestContext,
  account: { name: string; email: string; password: string },
  origin = shopUrl,
): Promise<void> {
  const headers = { origin, 'x-forwarded-for': newClientAddress() };
  const signedUp = await request.post('/api/sign-up', { headers, data: account });
  expect(signedUp.status(), await signedUp.text()).toBe(202);
}

/** The confirmation page's request: makes the account; answers its session's access token. */
export async function confirmThroughApi(
  request: APIRequestContext,
  { link, password }: { link: string; password: string },
  origin = shopUrl,
): Promise<string> {
  const confirmed = await request.post('/api/sign-up/confirm', {
    headers: { origin, 'x-forwarded-for': newClientAddress() },
    data: { token: new URL(link).searchParams.get('token'), password },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const accessToken = confirmed.headers()['set-auth-token'];
  if (!accessToken) throw new Error('the confirmation gave no access token');
  return accessToken;
}

/**
 * Signs up through the API, as the pages do, and answers the new session's access token: for
 * journeys that need many customers and do not watch them sign up.
 */
export async function signUpThroughApi(
  request: APIRequestContext,
  account: { name: string; email: string; password: string },
  { origin = shopUrl, confirmationLinkOf = mailedConfirmationLink } = {},
): Promise<string> {
  await startSignUpThroughApi(request, account, origin);
  const link = await confirmationLinkOf(account.email);
  return confirmThroughApi(request, { link, password: account.password }, origin);
}

/** Fills in and sends the login form (which must be open). */
export async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs the demo admin in and opens a dashboard page, e.g. `/dashboard/manageorders`. */
export async function openAsAdmin(page: Page, dashboardPath: string): Promise<void> {
  await logInAs(page, demoAdmin.email, demoAdmin.password);
  await page.goto(dashboardPath);
}

/** Logs in and waits until the login page has let the user through. */
export async function logInAs(page: Page, email: string, password: string) {
  await page.goto('/login');
  await logIn(page, email, password);
  await expect(page).not.toHaveURL(/\/login$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
}

/** A demo account's password, as a shop wrote it to its DATA_DIR (named by `dataDirVariable`). */
function demoPassword(email: string, dataDirVariable = 'E2E_DATA_DIR'): string {
  const dataDir = process.env[dataDirVariable];
  if (!dataDir)
    throw new Error(`${dataDirVariable} is not set: run the journeys through playwright.config.ts`);
  const { logins } = JSON.parse(readFileSync(path.join(dataDir, 'demo-logins.json'), 'utf8')) as {
    logins: { email: string; password: string }[];
  };
  const login = logins.find((entry) => entry.email === email);
  if (!login) throw new Error(`the shop wrote no demo login for ${email}`);
  return login.password;
}

/**
 * The address ADMIN_EMAILS lists on the shop under test (playwright.config.ts): nobody has an
 * account with it until a journey's owner confirms one, once a run.
 */
export const shopOwner = { email: 'owner@apex-parts.example', password: 'owners-own-password-1' };

/** The demo accounts; their passwords are generated by the shop on its first start. */
export const demoAdmin = {
  email: 'admin@example.com',
  get password() {
    return demoPassword(this.email);
  },
};
export const demoCustomer = {
  email: 'customer@example.com',
  get password() {
    return demoPassword(this.email);
  },
};

/**
 * The second shop, which has no mail server and keeps every mail for admins to read on
 * Dashboard → Outbox. It starts beside the shop under test: journeys on it call `ready()` first.
 */
export const keepingShop = {
  url: keepingShopUrl,
  admin: {
    email: 'admin@example.com',
    get password() {
      return demoPassword(this.email, 'E2E_KEEPING_DATA_DIR');
    },
  },
  /** Its mail is kept, so nobody can confirm a new sign-up there: journeys use its demo customer. */
  customer: {
    name: 'Demo Customer',
    email: 'customer@example.com',
    get password() {
      return demoPassword(this.email, 'E2E_KEEPING_DATA_DIR');
    },
  },
  async ready(): Promise<void> {
    await expect
      .poll(
        () =>
          fetch(`${keepingShopUrl}/api/ready`).then(
            (r) => r.ok,
            () => false,
          ),
        {
          message: `the shop that keeps its mail did not start at ${keepingShopUrl}`,
          timeout: 60_000,
        },
      )
      .toBe(true);
  },
};

/** Every mail the shop under test sent to `address` so far, oldest first (no waiting). */
export async function mailsTo(
  address: string,
  { subject }: { subject?: string | RegExp } = {},
): Promise<CaughtMail[]> {
  const response = await fetch(`${mailCatcherUrl}/messages?to=${encodeURIComponent(address)}`);
  const mails = (await response.json()) as CaughtMail[];
  return subject === undefined ? mails : mails.filter((mail) => subjectMatches(mail, subject));
}

function subjectMatches(mail: CaughtMail, subject: string | RegExp): boolean {
  return typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject);
}

/** The mail's first link that contains `part` (a path, say); fails the test if there is none. */
export function linkIn(mail: CaughtMail, part: string): string {
  const link = mail.links.find((candidate) => candidate.includes(part));
  if (!link)
    throw new Error(`the mail "${mail.subject}" has no link to ${part}: ${mail.links.join(', ')}`);
  return link;
}

/**
 * The newest mail the shop under test sent to `address` (whose subject matches, if given), as
 * the mail catcher received it. Waits for it: mail leaves through the outbox, every 2 s.
 */
export async function mailTo(
  address: string,
  { subject, timeout = 20_000 }: { subject?: string | RegExp; timeout?: number } = {},
): Promise<CaughtMail> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const mails = await mailsTo(address);
    const mail = mails.findLast((m) => subject === undefined || subjectMatches(m, subject));
    if (mail) return mail;
    if (Date.now() > deadline) {
      const received = mails.map((m) => `"${m.subject}"`).join(', ') || 'nothing';
      throw new Error(
        `no mail to ${address}${subject ? ` with the subject ${String(subject)}` : ''} in ${timeout} ms; it received ${received}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A part as the spec's API returns it. */
export interface ApiPart {
  _id: string;
  name: string;
  image: string;
  quantity: number;
  minorder: number;
  price: number;
}

/**
 * A demo part for one test alone: tests run side by side on one shop, and each one that checks
 * stock, or orders, must not share its part with another. Only demo parts (pictures shipped with
 * the shop) count, so parts that other journeys add meanwhile do not shift the slots.
 * Slots taken: 0–4 buying.spec.ts, 5 mail.spec.ts, 6 keyboard.spec.ts.
 */
async function partFor(request: APIRequestContext, slot: number, project: string) {
  const parts = ((await (await request.get('/api/parts')).json()) as ApiPart[]).filter((p) =>
    p.image.startsWith('/images/parts/'),
  );
  const part = parts[slot * 2 + (project === 'phone' ? 1 : 0)];
  if (!part) throw new Error('not enough demo parts');
  return part;
}

/** Orders a part through its purchase page (signed in); ends on the confirmation. */
export async function orderThroughPage(
  page: Page,
  part: Pick<ApiPart, '_id'>,
  quantity: number,
): Promise<void> {
  await page.goto(`/purchase/${part._id}`);
  await page.getByLabel('Quantity').fill(String(quantity));
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await expect(page.getByText('Order Placed', { exact: true })).toBeVisible();
}

/** Fills in the built-in test card form (the payment page must be open) and pays. */
export async function payWithCard(page: Page, number = '4242 4242 4242 4242'): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

/** Orders a part and pays for it with the test card that succeeds; ends on the confirmation. */
export async function buyThroughPages(
  page: Page,
  part: Pick<ApiPart, '_id' | 'minorder'>,
): Promise<void> {
  await orderThroughPage(page, part, part.minorder);
  await page.getByRole('link', { name: 'Pay now' }).click();
  await payWithCard(page);
  await expect(page.getByText('your payment is completed')).toBeVisible();
}

/** The customer's My Orders shows the order of this part as shipped. */
export async function expectShippedInMyOrders(page: Page, partName: string): Promise<void> {
  await page.goto('/dashboard');
  await expect(
    page.getByRole('row').filter({ hasText: partName }).getByText('Shipped', { exact: true }),
  ).toBeVisible();
}

/**
 * The demo admin's access token, from a sign-in of its own through the API: for journeys that
 * add parts as set-up, where the admin's sign-in page is not what they watch.
 */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const signedIn = await request.post('/api/auth/sign-in/email', {
    headers: { origin: shopUrl, 'x-forwarded-for': newClientAddress() },
    data: { email: demoAdmin.email, password: demoAdmin.password },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const token = signedIn.headers()['set-auth-token'];
  if (!token) throw new Error('the admin got no access token');
  return token;
}

/**
 * A part of the test's own, added by the admin through the API: other journeys order demo parts
 * meanwhile, so a demo part's stock may change between reading it and seeing it. Pictured by an
 * address (the shop's own drawing) rather than a demo picture, so `partFor`'s slots stay where
 * they are. 12 in stock, 3 at least per order, $1,249.50 each, unless `part` says otherwise.
 */
export async function addPart(
  request: APIRequestContext,
  token: string,
  part: { name: string } & Partial<Pick<ApiPart, 'quantity' | 'minorder' | 'price'>>,
): Promise<ApiPart & { description: string }> {
  const res = await request.post('/api/parts', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      image: `${shopUrl}/images/parts/carbon-rear-wing.svg`,
      description: 'A swan-neck wing in pre-preg carbon, for the track.',
      price: 1249.5,
      quantity: 12,
      minorder: 3,
      ...part,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { part: ApiPart & { description: string } }).part;
}

/** A part's stock as the API tells it now. */
export const stockOf = async (request: APIRequestContext, id: string): Promise<number> =>
  ((await (await request.get(`/api/parts/${id}`)).json()) as ApiPart).quantity;
