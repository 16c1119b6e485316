import { expect, test } from './support';
import { expectNoSeriousA11yViolations } from './support';

test.describe('blogs', () => {
  test('shows five question-and-answer cards on the spec topics', async ({ page }) => {
    await page.goto('/blogs');
    await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(5);
    const questions = await cards.getByRole('heading', { level: 2 }).allTextContents();
    const topics = [
      /performance/i,
      /state/i,
      /prototyp/i,
      /state directly|set.*state/i,
      /unit test/i,
    ];
    topics.forEach((topic, i) => expect(questions[i]).toMatch(topic));
    for (const card of await cards.all()) {
      expect((await card.locator('p').allTextContents()).join(' ').length).toBeGreaterThan(200);
    }
    await expect(page).toHaveTitle(/Blogs/);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('my portfolio', () => {
  test('shows the bio, address, education, skill bars, three projects and social links', async ({
    page,
  }) => {
    await page.goto('/my-portfolio');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('address')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Education' })).toBeVisible();

    const bars = page.getByRole('progressbar');
    expect(await bars.count()).toBeGreaterThanOrEqual(5);
    const levels: number[] = [];
    for (const bar of await bars.all()) {
      await expect(bar).toHaveAccessibleName(/.+/);
      expect(await bar.getAttribute('max')).toBe('100');
      levels.push(Number(await bar.getAttribute('value')));
    }
    expect(Math.min(...levels)).toBe(30);
    expect(Math.max(...levels)).toBe(90);

    const projects = page.getByRole('region', { name: 'Projects' }).getByRole('link');
    await expect(projects).toHaveCount(3);
    const socials = page.getByRole('list', { name: 'Social profiles' }).getByRole('link');
    expect(await socials.count()).toBeGreaterThanOrEqual(3);
    for (const social of await socials.all()) await expect(social).toHaveAccessibleName(/.+/);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('not found', () => {
  test('tells the visitor and offers the way home', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await expect(page.getByText('Things u r searching for is not found.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('region', { name: 'Parts', exact: true })).toBeVisible();
  });
});
