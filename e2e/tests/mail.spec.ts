import { shopUrl } from '../servers';
import {
  type ApiPart,
  expect,
  expectNoSeriousA11yViolations,
  keepingShop,
  linkIn,
  logIn,
  logInAs,
  mailsTo,
  mailTo,
  newClientAddress,
  newRealEmail,
  openDashboardPage,
  orderThroughPage,
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

test.describe('e-mail verification', () => {
  const subject = 'Confirm your e-mail address for Apex Parts';

  test('a new customer opens the link from the verification mail, and the banner asking for it goes', async ({
    page,
  }) => {
    const email = newRealEmail();
    await signUpThroughPage(page, 'Vera Fied', email);
    const banner = page.getByRole('region', { name: 'Your email address is not verified' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(
      `We sent a link to ${email}: open it to confirm the address is yours. You can shop meanwhile.`,
    );
    await expectNoSeriousA11yViolations(page);
    await mailTo(email, { subject });

    await banner.getByRole('button', { name: 'Resend' }).click();
    await expect(banner.getByRole('status')).toHaveText(`We sent a new link to ${email}.`);
    await expectNoSeriousA11yViolations(page);
    await expect.poll(async () => (await mailsTo(email, { subject })).length).toBe(2);

    const mail = await mailTo(email, { subject });
    expect(mail.text).toContain('Hello Vera Fied');
    await page.goto(linkIn(mail, '/api/auth/verify-email?'));
    await expect(page).toHaveURL(/\/verify-email$/);
    await expect(
      page.getByRole('heading', { name: 'Your email address is verified' }),
    ).toBeVisible();
    await expect(banner).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Go to the shop' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toHaveCount(0);
  });

  test('a changed verification link says it does not work, and verifies nothing', async ({
    page,
  }) => {
    const email = newRealEmail();
    await signUpThroughPage(page, 'Vera Fied', email);
    const link = new URL(linkIn(await mailTo(email, { subject }), '/api/auth/verify-email?'));
    link.searchParams.set('token', `${link.searchParams.get('token') ?? ''}x`);

    await page.goto(link.toString());
    await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Your email address is not verified' }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
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
    expect(mail.text).toContain('Hello Forgetful Fred');
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
    const [part] = (await (await request.get('/api/parts')).json()) as ApiPart[];
    if (!part) throw new Error('the demo catalog is empty');
    const customerPage = await (
      await browser.newContext({
        baseURL: keepingShop.url,
        extraHTTPHeaders: { 'x-forwarded-for': `10.203.${testInfo.workerIndex}.1` },
      })
    ).newPage();
    const customer = await signUpThroughPage(customerPage, 'Kept Mail Customer');
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
    await expect(message.getByText('Hello Kept Mail Customer', { exact: false })).toBeVisible();
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
