import { expect, test } from '@playwright/test';
import { signInToOps } from './support/admin';

test('an operator signs in to the ops area with the admin credentials, and out again', async ({ page }) => {
  await page.goto('/admin');
  await page.getByLabel('Admin user').fill('admin');
  await page.getByLabel('Admin password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong admin user name or password.');
  await expect(page.getByRole('navigation', { name: 'Ops' })).toHaveCount(0);

  await signInToOps(page);
  await expect(page.getByRole('heading', { name: 'Ops' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Job board' }).first()).toHaveAttribute('href', '/admin/queues');
  // The credentials last for the tab: a reload stays signed in.
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Ops' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out of ops' }).click();
  await expect(page.getByLabel('Admin user')).toBeVisible();
});
