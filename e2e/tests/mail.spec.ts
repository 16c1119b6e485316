import { shopUrl } from '../servers';
import {
  type ApiPart,
  CONFIRMATION_SUBJECT,
  expect,
  expectNoSeriousA11yViolations,
  keepingShop,
  linkIn,
  logIn,
  logInAs,
  mailsTo,
  mailTo,
  mainNavigation,
  newClientAddress,
  newRealEmail,
  openDashboardPage,
  orderThroughPage,
  secondBrowser,
  shopOwner,
  signUpThroughPage,
  test,
} from './support';

const orderPlacedSubject = (part: Pick<ApiPart, 'name'>) =>
  `Your order for ${part.name} is placed: pay to confirm it`;

test.describe('mail to customers', () => {
  test('a customer who orders gets a mail, and its link opens the payment of that order @desktop', async ({
    page,
    demoPart,
  }) => {
    const part = await demoPart(5);
    const customer = await signUpThroughPage(page, 'Mail Reader');
    await orderThroughPage(page, part, part.minorder);

    const mail = await mailTo(customer.email, { subject: orderPlacedSubject(part) });
    expect(mail.text).toContain('Hello Mail Reader');
    expect(mail.text).toContain(`Part: ${part.name}`);
    await page.goto(linkIn(mail, '/dashboard/payment/'));
    await expect(page.getByRole('heading', { name: `Pay for ${part.name}` })).toBeVisible();
  });
});

test.describe('confirming a sign-up', () => {
  test('a new customer signs up, opens the mailed link, types the password and is signed in', async ({
    page,
  }) => {
    const email = newRealEmail();
    await page.goto('/signup');
    await page.getByLabel('Name').fill('Vera Fied');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('brake-pads-1');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(`we sent a link to ${email}`);
    await expectNoSeriousA11yViolations(page);
    // Not an account yet: the password opens nothing before the link is followed.
    await page.goto('/login');
    await logIn(page, email, 'brake-pads-1');
    await expect(page.getByRole('alert')).toHaveText(/invalid email or password/i);

    const mail = await mailTo(email, { subject: CONFIRMATION_SUBJECT });
    // Nothing the person who signed up typed goes to a mailbox that may not be theirs.
    expect(mail.text).not.toContain('Vera Fied');
    await page.goto(linkIn(mail, '/confirm-email?token='));
    await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Password').fill('not-the-one-1');
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await expect(page.getByText('This is not the password chosen at sign-up')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Password').fill('brake-pads-1');
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
    await expect(
      (await mainNavigation(page)).getByRole('link', { name: 'Dashboard' }),
    ).toBeVisible();
  });

  test('someone who signs up with the owner’s address gets nothing; the owner’s own sign-up makes the admin @desktop', async ({
    page,
    browser,
  }, testInfo) => {
    // The attacker, at home, signs up with the address ADMIN_EMAILS lists and a password of theirs.
    const attacker = await secondBrowser(browser, testInfo, 66);
    await attacker.goto('/signup');
    await attacker.getByLabel('Name').fill('Refund Desk: claim it at https://evil.example/refund');
    await attacker.getByLabel('Email').fill(shopOwner.email);
    await attacker.getByLabel('Password').fill('attackers-password-1');
    await attacker.getByRole('button', { name: 'Sign Up' }).click();
    await expect(attacker.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

    // The owner gets the mail, with none of the attacker's words, and opens its link: the
    // attacker's password is not theirs, so the link opens nothing for them.
    const squatted = await mailTo(shopOwner.email, { subject: CONFIRMATION_SUBJECT });
    expect(`${squatted.subject} ${squatted.text}`).not.toContain('evil.example');
    await page.goto(linkIn(squatted, '/confirm-email?token='));
    await page.getByLabel('Password').fill(shopOwner.password);
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await expect(page.getByText('This is not the password chosen at sign-up')).toBeVisible();

    // The owner signs up on their own, and their link with their password makes the admin.
    // Its link comes in a second mail: the journey waits for that one, not the attacker's.
    await signUpThroughPage(page, 'Shop Owner', shopOwner.email, async (email) => {
      await expect
        .poll(async () => (await mailsTo(email, { subject: CONFIRMATION_SUBJECT })).length)
        .toBe(2);
      return linkIn(await mailTo(email, { subject: CONFIRMATION_SUBJECT }), '/confirm-email?');
    });
    await openDashboardPage(page, 'Users: Make Admin');
    await expect(page.getByRole('heading', { name: 'Users: Make Admin', level: 1 })).toBeVisible();

    // The attacker holds no session, and their password opens nothing.
    await attacker.goto('/login');
    await logIn(attacker, shopOwner.email, 'attackers-password-1');
    await expect(attacker.getByRole('alert')).toHaveText(/invalid email or password/i);
    expect(await attacker.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    // Nor does the attacker's own link, had they got hold of it: the owner's confirmation ended it.
    await attacker.goto(linkIn(squatted, '/confirm-email?token='));
    await attacker.getByLabel('Password').fill('attackers-password-1');
    await attacker.getByRole('button', { name: 'Confirm and sign in' }).click();
    await expect(attacker.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
    await attacker.context().close();
  });
});

test.describe('password reset', () => {
  const subject = 'Reset your Apex Parts password';

  test('a customer who forgot the password chooses a new one through the mailed link; the old password and every other session stop working', async ({
    page,
    browser,
  }) => {
    const email = newRealEmail();
    // Another device, signed in before the reset: it must be signed out by it.
    const otherDevice = await browser.newContext({
      baseURL: shopUrl,
      extraHTTPHeaders: { 'x-forwarded-for': newClientAddress() },
    });
    const otherPage = await otherDevice.newPage();
    const { password: oldPassword } = await signUpThroughPage(otherPage, 'Forgetful Fred', email);
    await otherPage.goto('/dashboard');
    await expect(otherPage).toHaveURL(/\/dashboard$/);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(
      `If an account uses ${email}, we have sent it a link`,
    );
    await expect(page.getByRole('link', { name: 'Back to login' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const mail = await mailTo(email, { subject });
    expect(mail.text).not.toContain('Forgetful Fred');
    const resetLink = linkIn(mail, '/api/auth/reset-password/');
    await page.goto(resetLink);
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const newPassword = 'brake-pads-2';
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status')).toHaveText(
      'Your password is changed: sign in with the new one.',
    );
    await expectNoSeriousA11yViolations(page);
    await logIn(page, email, oldPassword);
    await expect(page.getByRole('alert')).toHaveText(/invalid email or password/i);
    await logIn(page, email, newPassword);
    await expect(page).not.toHaveURL(/\/login$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();

    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/login$/);
    await otherDevice.close();

    // The link works once.
    await page.goto(resetLink);
    await expect(
      page.getByRole('heading', { name: 'This reset link does not work' }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });
});

test.describe('Outbox of a shop without a mail server', () => {
  test.use({ baseURL: keepingShop.url });
  test.beforeAll(() => keepingShop.ready());

  test('an admin reads a customer’s order mail, kept by the shop, on Dashboard → Outbox', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    // One demo customer orders in both projects: each orders a part of its own, so each finds
    // its own mail.
    const parts = (await (await request.get('/api/parts')).json()) as ApiPart[];
    const part = parts[testInfo.project.name === 'phone' ? 1 : 0];
    if (!part) throw new Error('the demo catalog is empty');
    const customerPage = await (
      await browser.newContext({
        baseURL: keepingShop.url,
        extraHTTPHeaders: { 'x-forwarded-for': `10.203.${testInfo.workerIndex}.1` },
      })
    ).newPage();
    // Nobody can confirm a new sign-up on a shop whose mail waits unsent: its demo customer orders.
    const customer = keepingShop.customer;
    await logInAs(customerPage, customer.email, customer.password);
    await orderThroughPage(customerPage, part, part.minorder);
    await customerPage.context().close();

    await logInAs(page, keepingShop.admin.email, keepingShop.admin.password);
    await openDashboardPage(page, 'Outbox');
    await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();

    const subject = orderPlacedSubject(part);
    // The customer's other mail (a sign-up's, say) may be listed too.
    const row = page
      .getByRole('row')
      .filter({ hasText: customer.email })
      .filter({ hasText: subject });
    await expect(row.getByRole('cell', { name: subject, exact: true })).toBeVisible();
    await expect(
      row.getByRole('cell', { name: 'Kept (no mail server)', exact: true }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await row.getByRole('button', { name: `Read "${subject}" to ${customer.email}` }).click();
    await expect(page.getByRole('heading', { name: subject, level: 2 })).toBeVisible();
    await expect(page.getByText(`To ${customer.email} · Kept (no mail server)`)).toBeVisible();
    // The message as the customer would see it, rendered in its frame.
    const frame = page.getByTitle(`The message "${subject}" as its recipient sees it`);
    const message = frame.contentFrame();
    await expect(message.getByRole('heading', { name: 'Order placed' })).toBeVisible();
    await expect(message.getByText(`Hello ${customer.name}`, { exact: false })).toBeVisible();
    await expect(message.getByText(`Part: ${part.name}`)).toBeVisible();
    // axe cannot run inside the mail's frame: it is sandboxed without scripts, where axe's timers
    // never fire. The page is checked around the frame, and the mail on a page of its own.
    await expectNoSeriousA11yViolations(page, { exclude: 'iframe' });
    const html = await (await (await frame.elementHandle()).contentFrame())?.content();
    if (!html) throw new Error('the mail frame shows nothing');
    const mailPage = await page.context().newPage();
    await mailPage.setContent(html);
    await expectNoSeriousA11yViolations(mailPage);
  });
});
