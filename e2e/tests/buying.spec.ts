import {
  expect,
  expectNoSeriousA11yViolations,
  expectShippedInMyOrders,
  openAsAdmin,
  orderThroughPage,
  payWithCard,
  secondBrowser,
  signUpThroughPage,
  stockOf,
  test,
} from './support';

test.describe('buying a part', () => {
  test('a customer orders within the rules, pays by card and sees the order paid', async ({
    page,
    demoPart,
  }) => {
    const part = await demoPart(0);
    await signUpThroughPage(page, 'Buyer One');
    await page.goto(`/purchase/${part._id}`);
    await expect(page.getByText('Buyer One')).toBeVisible();
    await expect(page.getByRole('heading', { name: part.name })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const order = page.getByRole('button', { name: 'Order', exact: true });
    const quantity = page.getByLabel('Quantity');
    await expect(
      page.getByText(`Minimum Order is ${part.minorder} and Maximum order is ${part.quantity}`),
    ).toBeVisible();
    await expect(order).toBeDisabled();
    if (part.minorder > 1) {
      await quantity.fill(String(part.minorder - 1));
      await expect(order).toBeDisabled();
    }
    await quantity.fill('0');
    await expect(order).toBeDisabled();
    await quantity.fill(String(part.quantity + 1));
    await expect(order).toBeDisabled();

    const amount = part.minorder + 1;
    await quantity.fill(String(amount));
    await expect(order).toBeEnabled();
    const total = (amount * part.price).toLocaleString('en-US', {
      style: 'currency',
      currency: 'USD',
    });
    await expect(page.getByText(`Total: ${total}`)).toBeVisible();
    await page.getByLabel('Phone').fill('+1 555 0100');
    await page.getByLabel('Address', { exact: true }).fill('1 Pit Lane, Monza');
    await order.click();
    await expect(page.getByText('Order Placed', { exact: true })).toBeVisible();

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: part.name });
    await expect(row.getByRole('cell', { name: total })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // The order holds its stock for a while only, and says until when.
    await expect(row.getByText(/^Held for you until \d\d:\d\d: pay within \d+ min$/)).toBeVisible();
    await row.getByRole('link', { name: `Pay for ${part.name}` }).click();

    await expect(page.getByRole('heading', { name: `Pay for ${part.name}` })).toBeVisible();
    await expect(page.getByText('Test mode — no money moves')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await payWithCard(page);
    await expect(page.getByText('your payment is completed')).toBeVisible();
    const transaction = await page.getByText(/Transaction id: pi_/).textContent();

    await page.goto('/dashboard');
    await expect(row.getByText('Paid', { exact: true })).toBeVisible();
    // No money moved: the order says so beside Paid.
    await expect(row.getByText('Test payment', { exact: true })).toBeVisible();
    await expect(row).toContainText(transaction?.replace('Transaction id: ', '') ?? 'missing');
  });

  test('a customer cancels an unpaid order after confirming, and its stock returns @desktop', async ({
    page,
    request,
    demoPart,
  }) => {
    const part = await demoPart(4);
    await signUpThroughPage(page);
    const before = await stockOf(request, part._id);
    await orderThroughPage(page, part, part.minorder);
    expect(await stockOf(request, part._id)).toBe(before - part.minorder);

    await page.goto('/dashboard');
    const row = page.getByRole('row').filter({ hasText: part.name });
    const cancel = row.getByRole('button', { name: `Cancel the order of ${part.name}` });
    page.once('dialog', (dialog) => void dialog.dismiss());
    await cancel.click();
    await expect(row.getByRole('link', { name: `Pay for ${part.name}` })).toBeVisible();
    expect(await stockOf(request, part._id)).toBe(before - part.minorder);

    page.once('dialog', (dialog) => void dialog.accept());
    await cancel.click();
    await expect(page.getByText('Order cancelled')).toBeVisible();
    await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(row.getByRole('link', { name: `Pay for ${part.name}` })).toHaveCount(0);
    expect(await stockOf(request, part._id)).toBe(before);
    await expectNoSeriousA11yViolations(page);
  });

  test('a declined card says so in red and leaves the order unpaid @desktop', async ({
    page,
    demoPart,
  }) => {
    const part = await demoPart(1);
    await signUpThroughPage(page);
    await orderThroughPage(page, part, part.minorder);
    await page.getByRole('link', { name: 'Pay now' }).click();
    await payWithCard(page, '4000 0000 0000 0002');
    const error = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
    await expect(error).toBeVisible();
    await expect(error).toHaveClass(/text-red-700/);
    await page.goto('/dashboard');
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: part.name })
        .getByRole('link', { name: /Pay for/ }),
    ).toBeVisible();
  });
});

test.describe('managing orders', () => {
  test('an admin sees a new order appear, ships it once paid, and the customer sees Shipped @desktop', async ({
    page,
    browser,
    demoPart,
  }, testInfo) => {
    const part = await demoPart(2);
    const admin = await secondBrowser(browser, testInfo, 201);
    await openAsAdmin(admin, '/dashboard/manageorders');
    await expect(admin.getByRole('heading', { name: /Manage Orders/ })).toBeVisible();

    const customer = await signUpThroughPage(page, 'Shipping Customer');
    await orderThroughPage(page, part, part.minorder);
    // Polling shows the new order without a reload.
    const row = admin.getByRole('row').filter({ hasText: customer.email });
    await expect(row.getByRole('button', { name: /^Unpaid/ })).toBeVisible({ timeout: 8_000 });
    await expectNoSeriousA11yViolations(admin);

    await page.getByRole('link', { name: 'Pay now' }).click();
    await payWithCard(page);
    await expect(page.getByText('your payment is completed')).toBeVisible();

    // Paid through the built-in processor: marked for the admin before shipping.
    await expect(row.getByText('Test payment', { exact: true })).toBeVisible({ timeout: 8_000 });
    await row.getByRole('button', { name: /^Pending/ }).click({ timeout: 8_000 });
    await expect(admin.getByText('Yeah Status Changed')).toBeVisible();
    await expect(row.getByText('Shipped', { exact: true })).toBeVisible();
    await admin.context().close();

    await expectShippedInMyOrders(page, part.name);
  });

  test('an admin deletes an unpaid order after confirming, and its stock returns @desktop', async ({
    page,
    browser,
    request,
    demoPart,
  }, testInfo) => {
    const part = await demoPart(3);
    const customer = await signUpThroughPage(page);
    const before = await stockOf(request, part._id);
    await orderThroughPage(page, part, part.minorder);
    expect(await stockOf(request, part._id)).toBe(before - part.minorder);

    const admin = await secondBrowser(browser, testInfo, 202);
    await openAsAdmin(admin, '/dashboard/manageorders');
    const row = admin.getByRole('row').filter({ hasText: customer.email });
    admin.once('dialog', (dialog) => void dialog.dismiss());
    await row.getByRole('button', { name: /^Unpaid/ }).click();
    await expect(row).toBeVisible();
    admin.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: /^Unpaid/ }).click();
    await expect(admin.getByText('unpaid Order deleted')).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(await stockOf(request, part._id)).toBe(before);
    await admin.context().close();
  });
});
