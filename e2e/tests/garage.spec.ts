import { randomUUID } from 'node:crypto';

import type { Locator, Page } from '@playwright/test';

import { expect, expectNoSeriousA11yViolations, logInAs, signUpThroughApi, test } from './support';

const EVO = '2019 Lamborghini Huracán EVO';
const EVO_KEY = '2019-lamborghini-huracan-evo';
const GT3_KEY = '2022-porsche-911-992-gt3';

/** Chooses an option of a native select from the keyboard: focus, then type its first letters. */
async function typeInto(select: Locator, option: string, typed: string): Promise<void> {
  await expect(select.locator('option', { hasText: option })).toHaveCount(1);
  await select.focus();
  await select.page().keyboard.type(typed);
  await expect(select.locator('option:checked')).toHaveText(option);
}

/** The catalogue's card of a part, found by its name. */
const cardOf = (page: Page, name: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });

test.describe('My Garage and fitment', () => {
  test('a visitor picks a vehicle, sees only the parts that fit, is warned of one that does not, and keeps the garage at sign-in', async ({
    page,
    request,
  }) => {
    // Keyboard only: the picker's selects, its button, and the catalogue's.
    await page.goto('/#parts');
    const picker = page.getByRole('form', { name: 'Choose your vehicle' });
    await typeInto(picker.getByLabel('Year'), '2019', '2019');
    await typeInto(picker.getByLabel('Make'), 'Lamborghini', 'Lam');
    await typeInto(picker.getByLabel('Model'), 'Huracán', 'Hur');
    await typeInto(picker.getByLabel('Trim'), 'EVO (5.2 L V10)', 'EVO');
    await picker.getByRole('button', { name: 'Shop for this vehicle' }).press('Enter');

    // The address carries the vehicle, and the catalogue shows only the parts that fit it.
    await expect(page).toHaveURL(new RegExp(`vehicle=${EVO_KEY}`));
    await expect(page.getByText(`Parts that fit your ${EVO}`)).toBeVisible();
    const exhaust = cardOf(page, 'Titanium Cat-Back Exhaust');
    await expect(exhaust.getByText(`Fits your ${EVO}`)).toBeVisible();
    await expect(cardOf(page, 'Six-Piston Big Brake Kit')).toBeVisible();
    await expect(cardOf(page, 'Twin-Scroll Turbocharger Kit')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // Every part again: one that does not fit says so, and asks before it goes in the cart.
    await page.getByRole('button', { name: 'Show every part' }).press('Enter');
    await expect(page).not.toHaveURL(/vehicle=/);
    const search = page.getByRole('searchbox', { name: 'Search parts' });
    await search.focus();
    await page.keyboard.type('Turbocharger');
    await page.keyboard.press('Enter');
    const turbo = cardOf(page, 'Twin-Scroll Turbocharger Kit');
    await expect(turbo.getByText(`Does not fit your ${EVO}`)).toBeVisible();
    await expect(turbo.getByText(/^Fits Porsche 911/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // The browser's own confirmation, answered "Cancel": the part stays out of the cart.
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await turbo
      .getByRole('button', { name: 'Add to cart: Twin-Scroll Turbocharger Kit' })
      .press('Enter');
    await expect.poll(() => asked).toContain(`does not fit your ${EVO}`);
    await expect(page.getByRole('link', { name: /^Cart, empty$/ })).toBeVisible();

    // The part page lists every vehicle the part fits.
    await turbo
      .getByRole('heading', { name: 'Twin-Scroll Turbocharger Kit' })
      .getByRole('link')
      .press('Enter');
    const fitment = page.getByRole('region', { name: 'Fitment' });
    await expect(fitment.getByText(`Does not fit your ${EVO}`)).toBeVisible();
    await expect(fitment.getByRole('listitem')).toHaveText([
      /^Porsche 911 991\.2 GT3, 2017–2019/,
      /^Porsche 911 992 GT3, 2021–2024/,
    ]);
    await expectNoSeriousA11yViolations(page);

    // A customer whose account keeps a GT3 signs in: the garages merge, the Huracán current.
    const account = {
      name: 'Garage Customer',
      email: `garage-${randomUUID().slice(0, 8)}@example.com`,
      password: 'garage-password-1',
    };
    const token = await signUpThroughApi(request, account);
    const put = await request.put('/api/garage', {
      headers: { authorization: `Bearer ${token}` },
      data: { vehicles: [GT3_KEY], current: GT3_KEY },
    });
    expect(put.status()).toBe(200);
    await logInAs(page, account.email, account.password);
    await page.goto('/garage');
    const vehicles = page.getByRole('list', { name: 'Your vehicles' }).getByRole('listitem');
    await expect(vehicles).toHaveCount(2);
    await expect(vehicles.filter({ hasText: '2022 Porsche 911 992 GT3' })).toBeVisible();
    await expect(vehicles.filter({ hasText: EVO })).toContainText('Current vehicle');
    expect(await page.evaluate(() => localStorage.getItem('garage'))).toBeNull();
    await expectNoSeriousA11yViolations(page);
  });
});
