import { expect, test } from './support';
import { isPhone, mainNavigation } from './support';

const pages = [
  { link: 'Home', heading: 'Performance parts for cars that live at the limit' },
  { link: 'Blogs', heading: 'Blogs' },
  { link: 'My Portfolio', heading: /.+/ },
] as const;

test.describe('top navigation', () => {
  test('offers Home, Purchase, Blogs, My Portfolio and Login, folded into a menu on a phone', async ({
    page,
  }) => {
    await page.goto('/');
    const phone = isPhone(page);
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    if (phone) {
      await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blogs' }),
      ).toBeHidden();
      await menuButton.click();
      await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
    } else {
      await expect(menuButton).toBeHidden();
    }
    for (const name of ['Home', 'Purchase', 'Blogs', 'My Portfolio', 'Login']) {
      await expect(
        page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name, exact: true })
          .filter({ visible: true }),
      ).toHaveCount(1);
    }
  });

  for (const { link, heading } of pages) {
    test(`reaches ${link} from the navigation`, async ({ page }) => {
      await page.goto('/my-portfolio');
      const phone = isPhone(page);
      if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: link, exact: true })
        .filter({ visible: true })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // Following a link folds the phone menu again.
      if (phone) await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    });
  }

  test('reaches Blogs even when the connection drops once while its page downloads', async ({
    page,
  }) => {
    let dropped = 0;
    await page.route('**/assets/blogs-*.js', async (route) => {
      if (dropped++ === 0) await route.abort('connectionreset');
      else await route.continue();
    });
    await page.goto('/my-portfolio');
    const navigation = await mainNavigation(page);
    await navigation.getByRole('link', { name: 'Blogs', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
    expect(dropped).toBe(2);
  });
});
