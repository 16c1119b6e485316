import type { Page } from '@playwright/test';

import {
  demoAdmin,
  demoCustomer,
  expect,
  expectNoSeriousA11yViolations,
  logIn,
  logInAs,
  mainNavigation,
  newEmail,
  signUpThroughPage,
  test,
} from './support';

/**
 * Sends the open login or signup form empty, then with a wrong email and a short password: each
 * mistake must be named in the spec's words.
 */
async function expectCredentialMistakes(
  page: Page,
  submit: 'Login' | 'Sign Up',
  wrong: { email: string; password: string; passwordMinimum: number },
) {
  await page.getByRole('button', { name: submit }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Email').fill(wrong.email);
  await page.getByLabel('Password').fill(wrong.password);
  await page.getByRole('button', { name: submit }).click();
  await expect(page.getByText('provide a valid email')).toBeVisible();
  await expect(
    page.getByText(`Must be ${wrong.passwordMinimum} characters or longer`),
  ).toBeVisible();
}

test.describe('sign-up and sign-in', () => {
  test('signing up, then opening the mailed link with the same password, lands on the home page signed in', async ({
    page,
  }) => {
    await signUpThroughPage(page);
    const nav = await mainNavigation(page);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
  });

  test('signing out forgets the token and the server no longer accepts it', async ({
    page,
    request,
  }) => {
    const { email } = await signUpThroughPage(page);
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const asCustomer = { authorization: `Bearer ${token}` };
    expect((await request.get(`/api/admin/${email}`, { headers: asCustomer })).status()).toBe(200);

    await (await mainNavigation(page)).getByRole('button', { name: 'Sign Out' }).click();
    await expect((await mainNavigation(page)).getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    expect((await request.get(`/api/admin/${email}`, { headers: asCustomer })).status()).toBe(401);
  });

  test('the login and signup pages name their scripts up front, and still check the form', async ({
    page,
    request,
  }) => {
    // The page's own scripts load beside the first one instead of after it has run; zod, which
    // only checking the form needs, is not among them.
    for (const [path, chunk] of [
      ['/login', 'login'],
      ['/signup', 'signup'],
    ] as const) {
      const html = await (await request.get(path, { headers: { accept: 'text/html' } })).text();
      expect(html).toMatch(
        new RegExp(`<link rel="modulepreload" crossorigin href="/assets/${chunk}-`),
      );
      expect(html).not.toMatch(/href="\/assets\/zod/);
    }
    await page.goto('/signup');
    await page.getByLabel('Email').fill('no-at-sign');
    await page.getByLabel('Name').click();
    await expect(page.getByText('provide a valid email')).toBeVisible();
  });

  test('the login form shows the spec messages for each mistake', async ({ page }) => {
    await page.goto('/login');
    await expectCredentialMistakes(page, 'Login', {
      email: 'jane@example..com',
      password: '12345',
      passwordMinimum: 6,
    });
    await expectNoSeriousA11yViolations(page);
  });

  test('the signup form asks for a name, and shows the same email and password rules', async ({
    page,
  }) => {
    await page.goto('/signup');
    await expectCredentialMistakes(page, 'Sign Up', {
      email: 'nope',
      password: 'abcdefg',
      passwordMinimum: 8,
    });
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page);
  });

  test('a common password is refused under the password field, and no account is made', async ({
    page,
  }) => {
    await page.goto('/signup');
    await page.getByLabel('Name').fill('Someone');
    await page.getByLabel('Email').fill(newEmail());
    await page.getByLabel('Password').fill('password1');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('This password is too common: choose another')).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('a wrong password is said in red; a taken email is answered as any other, by mail', async ({
    page,
  }) => {
    await page.goto('/login');
    await logIn(page, demoAdmin.email, 'not-the-password');
    const error = page.getByRole('alert');
    await expect(error).toHaveText(/invalid email or password/i);
    await expect(error).toHaveClass(/text-red-700/);

    // Nobody learns from the page whether an address has an account (decision 021).
    await page.goto('/signup');
    await page.getByLabel('Name').fill('Someone');
    await page.getByLabel('Email').fill(demoAdmin.email);
    await page.getByLabel('Password').fill('whatever1-long');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(
      `Check your inbox: we sent a link to ${demoAdmin.email}. Open it to confirm your address and sign in.`,
    );
  });

  test('a protected page sends a visitor to login, and back there afterwards', async ({
    page,
    request,
  }) => {
    const [part] = (await (await request.get('/api/parts')).json()) as {
      _id: string;
      name: string;
    }[];
    if (!part) throw new Error('the demo catalog is empty');
    await page.goto(`/purchase/${part._id}`);
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, demoCustomer.email, demoCustomer.password);
    await expect(page).toHaveURL(new RegExp(`/purchase/${part._id}$`));
    await expect(page.getByRole('heading', { name: part.name })).toBeVisible();
    await expect(page.getByText('customer@example.com')).toBeVisible();
  });

  test('Google sign-in through the identity provider, in a popup @desktop', async ({ page }) => {
    await page.goto('/login');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const popup = await popupOpened;
    await popup.waitForEvent('close');
    await expect(page).toHaveURL(/\/$/);
    await expect(
      (await mainNavigation(page)).getByRole('link', { name: 'Dashboard' }),
    ).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
    await page.goto('/dashboard/myprofile');
    await expect(page.getByText('grace@example.com')).toBeVisible();
    await expect(page.getByText('Grace Hopper')).toBeVisible();
  });
});

test.describe('dashboard', () => {
  test('a customer keeps a profile', async ({ page }) => {
    await signUpThroughPage(page, 'Profile Keeper');
    await page.goto('/dashboard/myprofile');
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await expect(page.getByText('Profile Keeper')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Education').fill('BEng Mechanical Engineering');
    await page.getByLabel('Location').fill('Stuttgart');
    await page.getByLabel('Phone').fill('+49 711 555 0100');
    await page.getByLabel('LinkedIn profile').fill('https://www.linkedin.com/in/keeper');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('profile info added')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Location')).toHaveValue('Stuttgart');
    await page.getByLabel('Location').fill('Munich');
    await page.getByRole('button', { name: 'Update profile' }).click();
    await expect(page.getByText('profile info added').first()).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Location')).toHaveValue('Munich');
  });

  test('a customer sees only the customer menu', async ({ page }) => {
    await signUpThroughPage(page);
    await page.goto('/dashboard');
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    if ((page.viewportSize()?.width ?? 1280) < 1024) {
      await menu.getByRole('button', { name: 'Dashboard menu' }).click();
    }
    await expect(menu.getByRole('link', { name: 'My Orders' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'My Profile' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Users: Make Admin' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Manage Orders' })).toHaveCount(0);
    // A new customer's My Orders is empty and leads to the parts.
    await expect(page.getByText('You have not ordered anything yet.')).toBeVisible();
    await page.getByRole('link', { name: 'Browse the parts' }).click();
    await expect(page).toHaveURL(/\/#parts$/);
  });

  test('an admin makes a customer admin, and the customer sees the admin menu on the next visit', async ({
    browser,
    page,
  }) => {
    const customer = await signUpThroughPage(page);

    const adminContext = await browser.newContext({
      extraHTTPHeaders: { 'x-forwarded-for': '10.200.0.1' },
    });
    const admin = await adminContext.newPage();
    await logInAs(admin, demoAdmin.email, demoAdmin.password);
    await admin.goto('/dashboard/users');
    await expect(admin.getByRole('heading', { name: /Users: Make Admin/ })).toBeVisible();
    await expectNoSeriousA11yViolations(admin);
    const row = admin.getByRole('row').filter({ hasText: customer.email });
    await expect(row.getByRole('cell', { name: 'Customer', exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Make Admin: ${customer.email}` }).click();
    await expect(admin.getByText('Successfully made an admin')).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Admin', exact: true })).toBeVisible();
    await expect(row.getByRole('button')).toHaveCount(0);
    await adminContext.close();

    // An admin's dashboard opens on the Overview, with the admin menu.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  });

  test('a customer forced onto an admin page is signed out and sent to login', async ({ page }) => {
    await signUpThroughPage(page);
    await page.goto('/dashboard/users');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await expect((await mainNavigation(page)).getByRole('link', { name: 'Login' })).toBeVisible();
  });
});

test('a visitor opening the dashboard is sent to login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  expect(newEmail()).toMatch(/^[a-z0-9]+@[a-z]+\.[a-z]{2,3}$/);
});
