import { expect, test } from './support';
import { expectNoSeriousA11yViolations, isPhone } from './support';

interface ApiPart {
  _id: string;
  name: string;
}

test.describe('home page', () => {
  test('shows every part on sale with its count, details and a way to buy it', async ({
    page,
    request,
  }) => {
    const parts = (await (await request.get('/api/parts')).json()) as ApiPart[];
    await page.goto('/');

    // Other journeys add and remove parts meanwhile: the page must agree with itself.
    const section = page.getByRole('region', { name: 'Parts', exact: true });
    const shown = Number(
      (await section.getByText(/^\d+ parts available$/).textContent())?.split(' ')[0],
    );
    expect(shown).toBeGreaterThan(12);
    // The first twelve, then the rest with Show more.
    const cards = section.getByRole('article');
    await expect(cards).toHaveCount(12);
    await expect(section.getByText(`Showing 12 of ${shown}`)).toBeVisible();
    // Until every part is shown: each Show more waits for its page before offering the next.
    const more = section.getByRole('button', { name: 'Show more' });
    const all = section.getByText(/^Showing (\d+) of \1$/);
    for (;;) {
      await expect(more.or(all).first()).toBeVisible();
      if (!(await more.isVisible())) break;
      await more.click();
    }
    // A part added or removed meanwhile changes both counts at once: read them at the end.
    const every = Number((await all.textContent())?.split(' ')[1]);
    await expect(cards).toHaveCount(every);
    await expect(section.getByText(`${every} parts available`)).toBeVisible();

    const first = cards.filter({ hasText: parts[0]?.name ?? '' });
    await expect(first.getByRole('heading', { name: parts[0]?.name })).toBeVisible();
    await expect(first.getByText('Price')).toBeVisible();
    await expect(first.getByText('Available')).toBeVisible();
    await expect(first.getByText('Minimum order')).toBeVisible();
    await expect(first.getByText(/^\$[\d,]+\.\d\d$/)).toBeVisible();
    await expect(first.getByRole('link', { name: `Buy now: ${parts[0]?.name}` })).toHaveAttribute(
      'href',
      `/purchase/${parts[0]?._id}`,
    );
  });

  test('searches, sorts and filters the parts; the address keeps the search and Back returns to the one before', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Parts', exact: true });
    await expect(section.getByRole('article').first()).toBeVisible();

    // "brake" is in the names of two demo parts and the description of none other.
    await section.getByRole('searchbox', { name: 'Search parts' }).fill('brake');
    await section.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/\?q=brake$/);
    const expected = (
      (await (await request.get('/api/parts?q=brake')).json()) as { parts: ApiPart[] }
    ).parts.map((part) => part.name);
    expect(expected.length).toBeGreaterThan(0);
    await expect(section.getByRole('article').getByRole('heading')).toHaveText(expected);
    await expect(section.getByText(`${expected.length} parts available`)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await section.getByRole('combobox', { name: 'Sort by' }).selectOption('Price: high to low');
    await expect(page).toHaveURL(/\/\?q=brake&sort=price-desc$/);
    // The address changes before the list is drawn again: wait for the shop's own order,
    // then check that what is shown is the dearest first.
    const byPrice = (
      (await (await request.get('/api/parts?q=brake&sort=price-desc')).json()) as {
        parts: ApiPart[];
      }
    ).parts;
    await expect(section.getByRole('article').getByRole('heading')).toHaveText(
      byPrice.map((part) => part.name),
    );
    const prices = await section
      .getByRole('article')
      .getByText(/^\$[\d,]+\.\d\d$/)
      .allTextContents();
    const dollars = prices.map((price) => Number(price.replace(/[$,]/g, '')));
    expect(dollars).toEqual([...dollars].sort((a, b) => b - a));

    // A typo still finds the part.
    await section.getByRole('searchbox', { name: 'Search parts' }).fill('turbocharjer');
    await section.getByRole('searchbox', { name: 'Search parts' }).press('Enter');
    await expect(section.getByRole('article', { name: /Turbocharger/ })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/\?q=brake&sort=price-desc$/);
    await expect(section.getByRole('searchbox', { name: 'Search parts' })).toHaveValue('brake');
    await expect(section.getByRole('article')).toHaveCount(expected.length);
  });

  test('loads every part picture from the shop itself', async ({ page }) => {
    const failed: string[] = [];
    page.on('requestfailed', (r) => failed.push(r.url()));
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    await page.goto('/');
    const images = page.getByRole('region', { name: 'Parts', exact: true }).getByRole('img');
    await expect(images.first()).toBeVisible();
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect(image).toHaveJSProperty('complete', true);
      expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      expect(new URL(await image.evaluate((img: HTMLImageElement) => img.src)).origin).toBe(
        new URL(page.url()).origin,
      );
    }
    expect(failed).toEqual([]);
  });

  test('shows the stats, the reviews with their count and stars, and the rest of the page', async ({
    page,
  }) => {
    await page.goto('/');

    const stats = page.getByRole('region', { name: 'Trusted by drivers worldwide' });
    for (const [value, label] of [
      ['72', 'Countries'],
      ['35+', 'Unique parts'],
      ['5M+', 'Happy clients'],
      ['2M+', 'Feedbacks'],
    ] as const) {
      await expect(stats.getByText(label, { exact: true })).toBeVisible();
      await expect(stats.getByText(value, { exact: true })).toBeVisible();
    }

    const reviewSection = page.getByRole('region', { name: 'Customer reviews' });
    // Customers add reviews meanwhile: the count must match the list the page shows.
    const count = Number(
      (await reviewSection.getByText(/^\d+ reviews$/).textContent())?.split(' ')[0],
    );
    expect(count).toBeGreaterThanOrEqual(8);
    await expect(reviewSection.getByRole('listitem')).toHaveCount(count);
    await expect(reviewSection.getByRole('img', { name: /^Rated [1-5] out of 5$/ })).toHaveCount(
      count,
    );
    await expect(reviewSection).not.toContainText('@');

    await expect(page.getByRole('region', { name: 'Why choose us' })).toBeVisible();
    const contact = page.getByRole('region', { name: 'Contact us' });
    await expect(contact.getByRole('textbox', { name: 'Email' })).toBeVisible();
    await expect(contact.getByRole('textbox', { name: 'Your question' })).toBeVisible();
    await contact.getByRole('button', { name: 'Ask Us Anything' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('contentinfo')).toContainText('Apex Parts');
  });

  test('leads from Purchase in the navigation to the parts list', async ({ page }) => {
    await page.goto('/blogs');
    if (isPhone(page)) await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Purchase', exact: true })
      .click();
    await expect(page).toHaveURL(/\/#parts$/);
    await expect(page.getByRole('heading', { name: 'Parts', exact: true })).toBeInViewport();
  });

  test('has no serious accessibility problems', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('region', { name: 'Parts', exact: true }).getByRole('article').first(),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Customer reviews' }).getByRole('listitem').first(),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
