import type { Browser, Locator, Page } from '@playwright/test';

import {
  type ApiPart,
  buyThroughPages,
  demoAdmin,
  expect,
  expectNoSeriousA11yViolations,
  isPhone,
  logInAs,
  mailsTo,
  newEmail,
  openAsAdmin,
  orderThroughPage,
  signUpThroughPage,
  test,
} from './support';

// Journeys driven by the keyboard alone (Tab, Shift+Tab, Enter, Space, Escape; no clicks), as a
// customer who cannot use a mouse shops. After every key, focus must be somewhere a sighted
// keyboard user can see it: on an element with a focus indicator of at least 3:1 against what
// surrounds it, and not covered by the sticky header or a toast.

/** Where focus is, and whether a person can see it there. */
interface FocusState {
  /** Short description of the focused element, for the failure message. */
  element: string;
  onBody: boolean;
  /** The element at the centre of its visible part is itself or inside it. */
  uncovered: boolean;
  /** The indicator's best contrast against the background around the element. */
  indicatorContrast: number;
}

function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const describe = (el: Element | null) =>
      el ? el.outerHTML.replace(/\s+/g, ' ').slice(0, 120) : 'nothing';
    if (!element || element === document.body) {
      return { element: 'body', onBody: true, uncovered: false, indicatorContrast: 0 };
    }
    // Let the indicator's transition end: its colours are judged as they settle.
    for (const animation of element.getAnimations()) animation.finish();
    const box = element.getBoundingClientRect();
    const left = Math.max(box.left, 0);
    const right = Math.min(box.right, window.innerWidth);
    const top = Math.max(box.top, 0);
    const bottom = Math.min(box.bottom, window.innerHeight);
    // Hit-testing skips elements that ignore the pointer (an unavailable button does): covered
    // is about what is drawn on top, so the element is made hittable while it is tested.
    const pointerEvents = element.style.pointerEvents;
    element.style.pointerEvents = 'auto';
    const hit =
      right > left && bottom > top
        ? document.elementFromPoint((left + right) / 2, (top + bottom) / 2)
        : null;
    element.style.pointerEvents = pointerEvents;
    const uncovered = hit !== null && (hit === element || element.contains(hit));

    // Any CSS colour (lab(), oklab(), color-mix() included) as sRGB, through a canvas pixel.
    const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    const rgba = (color: string): [number, number, number, number] => {
      if (!canvas) return [0, 0, 0, 0];
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = color;
      canvas.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = canvas.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    // WCAG relative luminance and contrast of two colours.
    const luminance = (color: string) => {
      const [r, g, b] = rgba(color).map((v) => v / 255) as [number, number, number];
      const channel = (v: number) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const contrast = (a: string, b: string) => {
      const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
      return (x + 0.05) / (y + 0.05);
    };
    const opaque = (color: string) => rgba(color)[3] > 0.9;
    // The background around the element: the nearest ancestor's own background colour.
    let around = element.parentElement;
    let background = 'rgb(255, 255, 255)';
    while (around) {
      const color = getComputedStyle(around).backgroundColor;
      if (opaque(color)) {
        background = color;
        break;
      }
      around = around.parentElement;
    }
    const style = getComputedStyle(element);
    const rings: string[] = [];
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) {
      rings.push(style.outlineColor);
    }
    // A spread shadow drawn as a ring (0 0 0 Npx colour).
    for (const shadow of style.boxShadow.split(/,(?![^(]*\))/)) {
      const color = shadow.match(/rgba?\([^)]*\)/)?.[0];
      const lengths = shadow
        .replace(/rgba?\([^)]*\)/, '')
        .trim()
        .split(/\s+/)
        .map(parseFloat);
      if (color && opaque(color) && !shadow.includes('inset') && (lengths[3] ?? 0) >= 2) {
        rings.push(color);
      }
    }
    const indicatorContrast = Math.max(0, ...rings.map((ring) => contrast(ring, background)));
    return {
      element: `${describe(element)}${uncovered ? '' : ` — covered by ${describe(hit)}`}`,
      onBody: false,
      uncovered,
      indicatorContrast,
    };
  });
}

/** Focus is on a visible, uncovered element; an element that takes focus from script only (the
 * page's heading, a result) needs no indicator, as the customer did not Tab to it. */
async function expectVisibleFocus(page: Page, { indicator = true } = {}) {
  const state = await focusState(page);
  expect(state.onBody, 'focus fell to the page body').toBe(false);
  expect(state.uncovered, `focus is covered: ${state.element}`).toBe(true);
  if (indicator) {
    expect(
      state.indicatorContrast,
      `focus indicator under 3:1 on ${state.element}`,
    ).toBeGreaterThanOrEqual(3);
  }
}

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement).catch(() => false);
}

/** Presses Tab until `target` has focus, checking that every stop on the way is visible. */
async function tabTo(page: Page, target: Locator, { limit = 80, back = false } = {}) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    await expectVisibleFocus(page);
    if (await isFocused(target)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/**
 * After a navigation or an action, focus has landed on `target`, and is uncovered once what the
 * action took away has left (a toast it dismisses fades out for a moment, not its full 5 s).
 */
async function expectFocusOn(page: Page, target: Locator) {
  await expect
    .poll(() => isFocused(target), { message: `focus on ${target.toString()}` })
    .toBe(true);
  await expect
    .poll(async () => (await focusState(page)).uncovered, {
      message: `focus on ${target.toString()} is covered`,
      timeout: 2_000,
    })
    .toBe(true);
  await expectVisibleFocus(page, { indicator: false });
}

const announcer = (page: Page) => page.locator('#route-announcer');

/**
 * A customer of another browser orders a part, and pays for it or not; the demo admin then opens
 * Manage Orders on `page` to handle it.
 */
async function orderForTheAdmin(
  page: Page,
  browser: Browser,
  part: ApiPart,
  state: 'paid' | 'unpaid',
): Promise<{ part: ApiPart; email: string }> {
  const customerPage = await browser.newPage();
  const { email } = await signUpThroughPage(customerPage, `Customer ${state}`, newEmail(state));
  if (state === 'paid') await buyThroughPages(customerPage, part);
  else await orderThroughPage(customerPage, part, part.minorder);
  await customerPage.close();
  await openAsAdmin(page, '/dashboard/manageorders');
  return { part, email };
}

test.describe('shopping by keyboard alone', () => {
  test('a customer skips to the content, buys a part, signs in, orders, pays and reaches My Orders', async ({
    page,
    demoPart,
  }) => {
    const part = await demoPart(6);
    // An account to sign in with; then a fresh visit, signed out.
    const customer = await signUpThroughPage(page, 'Keyboard Kim', newEmail('keys'));
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // The first Tab shows the skip link, above the sticky header; Enter moves focus to the page.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expectFocusOn(page, page.locator('main'));

    // From the page, Tab leads to the search; Enter searches, and focus stays where it was.
    const searchbox = page.getByRole('searchbox', { name: 'Search parts' });
    await tabTo(page, searchbox);
    await page.keyboard.type(part.name);
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(part.name);
    await expect(searchbox).toBeFocused();
    // Tab goes on to the part's Buy now; a visitor is sent to sign in first.
    await tabTo(page, page.getByRole('link', { name: `Buy now: ${part.name}` }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/login$/);
    await expectFocusOn(page, page.getByRole('heading', { level: 1, name: 'Login' }));
    await expect(announcer(page)).toHaveText(/Login/);

    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(customer.email);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password')).toBeFocused();
    await page.keyboard.type(customer.password);
    await page.keyboard.press('Enter');

    // Signed in, back on the part: focus is on its name, and the page is announced.
    await expect(page).toHaveURL(new RegExp(`/purchase/${part._id}$`));
    await expectFocusOn(page, page.getByRole('heading', { level: 1, name: part.name }));
    await expect(announcer(page)).toHaveText(/Purchase/);

    // A quantity under the minimum is refused in words linked to the field; the Order button
    // stays reachable, says why it cannot be used, and sends focus back to the quantity.
    const quantity = page.getByLabel('Quantity');
    await tabTo(page, quantity);
    await page.keyboard.type(String(part.minorder - 1 > 0 ? part.minorder - 1 : 0));
    const refusal = `Choose a whole number from ${part.minorder} to ${part.quantity}.`;
    await expect(quantity).toHaveAttribute('aria-invalid', 'true');
    await expect(quantity).toHaveAccessibleDescription(new RegExp(refusal.replace('.', '\\.')));
    const order = page.getByRole('button', { name: 'Order', exact: true });
    await tabTo(page, order);
    await expect(order).toHaveAttribute('aria-disabled', 'true');
    await expect(order).toHaveAccessibleDescription(
      `To order, enter a quantity from ${part.minorder} to ${part.quantity}.`,
    );
    await page.keyboard.press('Enter');
    await expect(quantity).toBeFocused();

    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(String(part.minorder));
    await expect(quantity).toHaveAttribute('aria-invalid', 'false');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Phone')).toBeFocused();
    await page.keyboard.type('+1 555 0100');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Address', { exact: true })).toBeFocused();
    await page.keyboard.type('1 Pit Lane, Monza');
    await tabTo(page, order);
    await expect(order).toHaveAttribute('aria-disabled', 'false');
    await page.keyboard.press('Enter');

    // The result takes focus: the order placed, and from there Pay now.
    await expectFocusOn(page, page.getByRole('heading', { name: /^Order placed:/ }));
    await tabTo(page, page.getByRole('link', { name: 'Pay now' }));
    await page.keyboard.press('Enter');
    await expectFocusOn(
      page,
      page.getByRole('heading', { level: 1, name: `Pay for ${part.name}` }),
    );

    // An expired card: focus goes to the expiry, which is read with the reason.
    await tabTo(page, page.getByLabel('Card number'));
    await page.keyboard.type('4000 0000 0000 0002');
    await page.keyboard.press('Tab');
    const expiry = page.getByLabel('Expiry (MM / YY)');
    await page.keyboard.type('01 / 20');
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    const pay = page.getByRole('button', { name: /^Pay \$/ });
    await tabTo(page, pay);
    await page.keyboard.press('Enter');
    await expectFocusOn(page, expiry);
    await expect(expiry).toHaveAttribute('aria-invalid', 'true');
    await expect(expiry).toHaveAccessibleDescription('Your card has expired.');

    // A declined card: focus goes to the reason under the form; then the test card pays.
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('12 / 34');
    await tabTo(page, pay);
    await page.keyboard.press('Enter');
    await expectFocusOn(page, page.getByRole('alert').filter({ hasText: /declined/i }));
    await expect(expiry).toHaveAttribute('aria-invalid', 'false');

    await tabTo(page, page.getByLabel('Card number'), { back: true });
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('4242 4242 4242 4242');
    await tabTo(page, pay);
    await page.keyboard.press('Enter');
    // The confirmation appears in a live region that was there before the payment.
    const confirmation = page.getByRole('status').filter({ hasText: 'your payment is completed' });
    await expectFocusOn(page, confirmation.getByText('your payment is completed'));

    await tabTo(page, confirmation.getByRole('link', { name: 'Back to My Orders' }));
    await page.keyboard.press('Enter');
    await expectFocusOn(page, page.getByRole('heading', { level: 1, name: 'My Orders' }));
    await expectNoSeriousA11yViolations(page);
  });

  test('a visitor asks the shop a question from the contact form; a mistake is said under its field; the admins get it', async ({
    page,
  }) => {
    await page.goto('/');
    const contact = page.getByRole('region', { name: 'Contact us' });
    const email = contact.getByRole('textbox', { name: 'Email' });
    const question = contact.getByRole('textbox', { name: 'Your question' });
    const ask = contact.getByRole('button', { name: 'Ask Us Anything' });
    await tabTo(page, email, { limit: 200 });
    const asker = newEmail('asker');
    await page.keyboard.type(asker);
    await tabTo(page, ask);
    await page.keyboard.press('Enter');
    // Nothing asked: focus goes to the question, whose refusal is read with it.
    await expect(question).toBeFocused();
    await expect(question).toHaveAttribute('aria-invalid', 'true');
    await expect(question).toHaveAccessibleDescription('Please write your question');

    const text = `Do the ${asker} brake kits fit a 2019 Cayman?`;
    await page.keyboard.type(text);
    await tabTo(page, ask);
    await page.keyboard.press('Enter');
    const answer = contact.getByRole('status');
    await expect(answer).toHaveText(
      `Thank you: your question is on its way, and we will answer ${asker}.`,
    );
    await expectFocusOn(page, answer);

    // The admins get the questions as one digest (one a question on this shop).
    await expect
      .poll(
        async () =>
          (await mailsTo(demoAdmin.email, { subject: /contact form$/ })).some((mail) =>
            mail.text.includes(text),
          ),
        { timeout: 30_000 },
      )
      .toBe(true);
  });

  test('Purchase in the navigation takes focus to the parts list, on the home page', async ({
    page,
  }) => {
    await page.goto('/blogs');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (isPhone(page)) {
      await tabTo(page, page.getByRole('button', { name: 'Open menu' }));
      await page.keyboard.press('Enter');
    }
    const main = page.getByRole('navigation', { name: 'Main' });
    await tabTo(page, main.getByRole('link', { name: 'Purchase' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/#parts$/);
    await expectFocusOn(page, page.locator('#parts'));
  });

  // The menus fold into buttons on a phone only.
  test('Escape closes the menus and puts focus back on their button; a menu closes when focus leaves it @phone', async ({
    page,
  }) => {
    await signUpThroughPage(page, 'Menu Max');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();

    const openMenu = page.getByRole('button', { name: 'Open menu' });
    await tabTo(page, openMenu);
    await page.keyboard.press('Enter');
    const main = page.getByRole('navigation', { name: 'Main' });
    await expect(main.getByRole('link', { name: 'Blogs' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(main.getByRole('link', { name: 'Home' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(openMenu).toBeFocused();
    await expect(openMenu).toHaveAttribute('aria-expanded', 'false');
    await expect(main.getByRole('link', { name: 'Blogs' })).toBeHidden();

    const dashboardMenu = page.getByRole('button', { name: 'Dashboard menu' });
    await tabTo(page, dashboardMenu);
    await page.keyboard.press('Enter');
    await expect(dashboardMenu).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expectVisibleFocus(page);
    await page.keyboard.press('Escape');
    await expect(dashboardMenu).toBeFocused();
    await expect(dashboardMenu).toHaveAttribute('aria-expanded', 'false');

    // Open again, then Tab past its last link: focus has left it, so it closes.
    await page.keyboard.press('Enter');
    const entries = await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link')
      .count();
    for (let i = 0; i <= entries; i++) await page.keyboard.press('Tab');
    await expect(dashboardMenu).toHaveAttribute('aria-expanded', 'false');

    // Choosing a link closes the menu and takes focus to the new page's heading.
    await tabTo(page, openMenu, { back: true });
    await page.keyboard.press('Enter');
    await tabTo(page, main.getByRole('link', { name: 'Blogs' }));
    await page.keyboard.press('Enter');
    await expectFocusOn(page, page.getByRole('heading', { level: 1 }));
    await expect(openMenu).toHaveAttribute('aria-expanded', 'false');
  });

  test('an admin ships a paid order from Manage Orders by keyboard; focus stays on its row', async ({
    page,
    browser,
    demoPart,
  }) => {
    const { part, email } = await orderForTheAdmin(page, browser, await demoPart(6), 'paid');
    const heading = page.getByRole('heading', { level: 1 });
    // A heading read as a sentence: the count is beside it, not inside it.
    await expect(heading).toHaveAccessibleName('Manage Orders');
    const ship = page.getByRole('button', {
      name: `Pending: mark the order of ${part.name} by ${email} shipped`,
    });
    await tabTo(page, ship, { limit: 200 });
    await page.keyboard.press('Enter');
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row.getByText('Shipped', { exact: true })).toBeVisible();
    await expectFocusOn(page, row);

    // The toast that confirms it: Escape closes it and focus goes back where it came from.
    const toast = page.getByRole('alert').filter({ hasText: 'Yeah Status Changed' });
    await expect(toast).toBeVisible();
    await toast.focus();
    await page.keyboard.press('Escape');
    await expect(toast).toBeHidden();
    await expectFocusOn(page, row);
    await expectNoSeriousA11yViolations(page);
  });

  test('an admin deletes an unpaid order by keyboard; focus goes to the list, which says so', async ({
    page,
    browser,
    demoPart,
  }) => {
    const { part, email } = await orderForTheAdmin(page, browser, await demoPart(6), 'unpaid');
    const remove = page.getByRole('button', {
      name: `Unpaid: delete the order of ${part.name} by ${email}`,
    });
    await tabTo(page, remove, { limit: 200 });
    page.once('dialog', (dialog) => void dialog.accept());
    await page.keyboard.press('Enter');
    await expect(remove).toBeHidden();
    await expectFocusOn(page, page.getByRole('heading', { level: 1, name: 'Manage Orders' }));
    await expect(page.getByRole('alert').filter({ hasText: 'unpaid Order deleted' })).toBeVisible();
    await expectVisibleFocus(page);
  });

  test('an admin adds a product by keyboard: a missing field takes focus with its reason, the product is added', async ({
    page,
  }) => {
    await openAsAdmin(page, '/dashboard/addproduct');
    await expect(page.getByRole('heading', { level: 1, name: 'Add A Product' })).toBeVisible();

    const name = page.getByLabel('Name');
    await tabTo(page, name);
    const add = page.getByRole('button', { name: 'Add Product' });
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    // The first field in the way takes focus, and its reason is read with it.
    await expect(name).toBeFocused();
    await expect(name).toHaveAccessibleDescription(/Name is required/);

    const partName = `Keyboard Splitter ${Date.now()}`;
    await page.keyboard.type(partName);
    // In the form's order.
    for (const [label, value] of [
      ['Price ($)', '99.5'],
      ['Minimum order', '1'],
      ['Quantity in stock', '5'],
      // An address, not a shipped picture: journeys pick demo parts by their /images/parts/ path.
      ['Image URL', new URL('/images/parts/carbon-rear-wing.svg', page.url()).href],
      ['Description', 'Added without a mouse.'],
    ] as const) {
      await tabTo(page, page.getByLabel(label, { exact: true }));
      await page.keyboard.type(value);
    }
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Product added' })).toBeVisible();
    await expectVisibleFocus(page);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('focus on every page', () => {
  /** Tabs from the top of the page through every focusable element, checking each stop. */
  async function walkThePage(page: Page, path: string, { limit = 200 } = {}) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    let stops = 0;
    let first: string | null = null;
    for (; stops < limit; stops++) {
      await page.keyboard.press('Tab');
      const state = await focusState(page);
      // Past the last element, focus leaves the page for the browser's own controls.
      if (state.onBody || state.element === first) break;
      first ??= state.element;
      await expectVisibleFocus(page);
    }
    expect(stops, `${path}: Tab reached nothing`).toBeGreaterThan(0);
  }

  test('every focusable element a visitor reaches shows a focus indicator of 3:1 and is never covered', async ({
    page,
  }) => {
    for (const path of ['/', '/blogs', '/my-portfolio', '/login', '/signup', '/forgot-password']) {
      await walkThePage(page, path);
    }
  });

  test('every focusable element of the customer dashboard shows a focus indicator of 3:1 and is never covered', async ({
    page,
  }) => {
    await signUpThroughPage(page, 'Walker Wes');
    for (const path of ['/dashboard', '/dashboard/addareview', '/dashboard/myprofile']) {
      await walkThePage(page, path);
    }
  });

  // The lists repeat the same controls on every row, and grow with every journey that orders:
  // the first 40 stops cover the frame, the menu and several rows of each.
  for (const path of [
    '/dashboard/overview',
    '/dashboard/manageorders',
    '/dashboard/users',
    '/dashboard/manageproducts',
    '/dashboard/addproduct',
    '/dashboard/activity',
    '/dashboard/outbox',
    '/dashboard/backups',
  ]) {
    test(`every focusable element of the admin's ${path} shows a focus indicator of 3:1 and is never covered`, async ({
      page,
    }) => {
      await logInAs(page, demoAdmin.email, demoAdmin.password);
      await walkThePage(page, path, { limit: 40 });
    });
  }
});
