import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from './stack';

/** Signs in to the ops area at /admin (or at one of its pages) with the stack's credentials. */
export async function signInToOps(page: Page, path = '/admin'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Admin user').fill(E2E_ADMIN.user);
  await page.getByLabel('Admin password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Ops' })).toBeVisible();
}
