import { randomUUID } from 'node:crypto';

import type { Page } from '@playwright/test';

import { shopUrl } from '../servers';
import {
  addPart,
  adminToken,
  type ApiPart,
  demoCustomer,
  expect,
  expectNoSeriousA11yViolations,
  isPhone,
  logIn,
  test,
} from './support';

const NOT_FOUND = 'Things u r searching for is not found.';

const suffix = () => randomUUID().slice(0, 8);

/** The value of a `<dd>` beside the `<dt>` that names it, in the page's main region. */
const detail = (page: Page, term: string) =>
  page.getByRole('main').locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

test.describe('a part of its own page', () => {
  test('a visitor opens a part from its name on the home page, and Buy now leads through sign-in to its purchase', async ({
    page,
    request,
  }) => {
    const part = await addPart(request, await adminToken(request), {
      name: `Zonda wing ${suffix()}`,
    });
    // The narrowest phone the shop is made for.
    if (isPhone(page)) await page.setViewportSize({ width: 375, height: 812 });

    // Found as a visitor finds one part among many: by searching for its name.
    await page.goto(`/?q=${encodeURIComponent(part.name)}`);
    await page.getByRole('link', { name: part.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/parts/${part._id}$`));
    const heading = page.getByRole('heading', { level: 1, name: part.name });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page).toHaveTitle(`${part.name} — Apex Parts`);
    await expect(detail(page, 'Price')).toHaveText('$1,249.50');
    await expect(detail(page, 'In stock')).toHaveText('12');
    await expect(detail(page, 'Minimum order')).toHaveText('3');
    await expect(page.getByText(part.description)).toBeVisible();
    await expect(page.getByRole('img', { name: part.name })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
    // Nothing wider than the screen: no sideways scrolling on a phone.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await expectNoSeriousA11yViolations(page);

    // By keyboard, the next stop after the heading is Buy now. Buying asks a visitor to sign in
    // first, then comes back to this part's purchase.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Buy now' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, demoCustomer.email, demoCustomer.password);
    await expect(page).toHaveURL(new RegExp(`/purchase/${part._id}$`));
    await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
    await expect(page.getByLabel('Quantity')).toBeVisible();
  });

  test('its HTML tells search engines and link previews about the part, whatever its name holds @desktop', async ({
    page,
    request,
  }) => {
    const token = await adminToken(request);
    const name = `Zonda wing ${suffix()} </script><script>alert(1)</script> "Mk II" & 'R'`;
    const part = await addPart(request, token, { name });
    const url = `${shopUrl}/parts/${part._id}`;

    // As a crawler reads it: no script runs.
    const res = await request.get(`/parts/${part._id}`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('text/html');
    const html = await res.text();
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(html).toContain('<meta property="og:type" content="product">');
    expect(html).toContain(`<meta property="og:url" content="${url}">`);
    expect(html).toContain(
      `<meta property="og:image" content="${shopUrl}/images/parts/carbon-rear-wing.svg">`,
    );
    expect(html).not.toContain('<script>alert(1)');

    // What a browser makes of it is the name as typed, in the title, the tags and the Product.
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.setContent(html);
    const head = await page.evaluate(() => ({
      title: document.title,
      ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
      description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
      product: JSON.parse(
        document.querySelector('script[type="application/ld+json"]')?.textContent ?? 'null',
      ) as Record<string, unknown> | null,
    }));
    expect(head.title).toBe(`${name} — Apex Parts`);
    expect(head.ogTitle).toBe(name);
    expect(head.description).toBe(part.description);
    expect(head.product).toMatchObject({
      '@type': 'Product',
      name,
      sku: part._id,
      offers: {
        price: '1249.50',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url,
      },
    });

    // The page itself shows the name as text, and nothing of it runs.
    await page.goto(`/parts/${part._id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    expect(dialogs).toEqual([]);

    // Once taken off sale, the part's address is not found.
    const archived = await request.delete(`/api/parts/${part._id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(archived.status()).toBe(200);
    const gone = await request.get(`/parts/${part._id}`);
    expect(gone.status()).toBe(404);
    expect(await gone.text()).not.toContain('og:title');
  });

  test('an unknown part is the not-found page, answered 404', async ({ page }) => {
    for (const id of [randomUUID(), 'not-a-part']) {
      const response = await page.goto(`/parts/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND })).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);
  });

  test('the sitemap lists the parts on sale, and robots.txt names it @desktop', async ({
    request,
  }) => {
    // Demo parts only: other journeys add parts and take them off sale meanwhile.
    const parts = ((await (await request.get('/api/parts')).json()) as ApiPart[]).filter((part) =>
      part.image.startsWith('/images/parts/'),
    );
    expect(parts.length).toBeGreaterThan(0);
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toContain('application/xml');
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${shopUrl}/</loc>`);
    for (const part of parts) expect(xml).toContain(`<loc>${shopUrl}/parts/${part._id}</loc>`);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${shopUrl}/sitemap.xml`);
    expect(robots).toContain('Disallow: /dashboard');
  });
});
