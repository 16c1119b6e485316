import { randomInt } from 'node:crypto';

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test as base } from '@playwright/test';

/**
 * Every test browses from its own client address (the shop trusts one proxy hop in these runs),
 * so the per-address limits on sign-in and sign-up count each test separately.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': address });
  },
});
export { expect };

/** Fails the test when axe finds a serious or critical accessibility violation on the page. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, serious.join('\n')).toEqual([]);
}

/** True on the phone project, where the navigation folds into a menu. */
export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 768;
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

/** Signs up through the page, as a new customer would; ends on the home page, signed in. */
export async function signUpThroughPage(page: Page, name = 'Test Customer') {
  const email = newEmail();
  const password = 'secret123';
  await page.goto('/signup');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
  return { email, password, name };
}

/** Fills in and sends the login form (which must be open). */
export async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Logs in and waits until the login page has let the user through. */
export async function logInAs(page: Page, email: string, password: string) {
  await page.goto('/login');
  await logIn(page, email, password);
  await expect(page).not.toHaveURL(/\/login$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
}

export const demoAdmin = { email: 'admin@example.com', password: 'admin123' };
