import {
  demoAdmin,
  expect,
  expectNoSeriousA11yViolations,
  logInAs,
  openDashboardPage,
  test,
} from './support';

test('an admin sees on Dashboard → Backups that the shop backed itself up as it started', async ({
  page,
}) => {
  await logInAs(page, demoAdmin.email, demoAdmin.password);
  await openDashboardPage(page, 'Backups');
  await expect(page.getByRole('heading', { name: 'Backups', level: 1 })).toBeVisible();
  await expect(page.getByText('The shop backs itself up every day.')).toBeVisible();
  await expect(page.getByText(/Last good backup: (just now|\d+ minutes? ago)/)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  const runs = page.getByRole('region', { name: 'Recent scheduled backups' });
  const first = runs.getByRole('row').nth(1);
  await expect(first.getByRole('cell', { name: /^apex-parts-.*\.tar\.gz$/ })).toBeVisible();
  await expect(first.getByRole('cell', { name: 'Taken' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
