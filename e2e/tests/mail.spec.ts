import {
  type ApiPart,
  expect,
  expectNoSeriousA11yViolations,
  isPhone,
  keepingShop,
  logInAs,
  mailTo,
  orderThroughPage,
  partFor,
  signUpThroughPage,
  test,
} from './support';

const orderPlacedSubject = (part: Pick<ApiPart, 'name'>) =>
  `Your order for ${part.name} is placed: pay to confirm it`;

test.describe('mail to customers', () => {
  test('a customer who orders gets a mail, and its link opens the payment of that order @desktop', async ({
    page,
    request,
  }, testInfo) => {
    const part = await partFor(request, 5, testInfo.project.name);
    const customer = await signUpThroughPage(page, 'Mail Reader');
    await orderThroughPage(page, part, part.minorder);

    const mail = await mailTo(customer.email, { subject: orderPlacedSubject(part) });
    expect(mail.text).toContain('Hello Mail Reader');
    expect(mail.text).toContain(`Part: ${part.name}`);
    const payLink = mail.links.find((link) => link.includes('/dashboard/payment/'));
    if (!payLink) throw new Error(`the mail has no payment link: ${mail.links.join(', ')}`);

    await page.goto(payLink);
    await expect(page.getByRole('heading', { name: `Pay for ${part.name}` })).toBeVisible();
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
    if (!part) throw new Error('the demo catalogue is empty');
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
    await page.goto('/dashboard');
    if (isPhone(page)) await page.getByRole('button', { name: 'Dashboard menu' }).click();
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Outbox' })
      .click();
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
