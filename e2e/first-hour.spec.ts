import { expect, test, type Page } from '@playwright/test';
import { newPlayer } from './support/stack';

/** The first hour on a phone (issue 47): each test is one step a newcomer takes. */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

async function fillSignup(page: Page, p: ReturnType<typeof newPlayer>) {
  await page.getByLabel('First Name').fill(p.firstName);
  await page.getByLabel('Last Name').fill(p.lastName);
  await page.getByLabel('Phone Number').fill(p.phoneNumber);
  await page.getByLabel('Email', { exact: true }).fill(p.email);
  await page.getByLabel('Username').fill(p.username);
  await page.getByLabel('Password', { exact: true }).fill(p.password);
  await page.getByLabel('Re-enter Password').fill(p.password);
  await page.getByLabel('Date of Birth').fill(p.dateOfBirth);
  await page.getByLabel('Country').selectOption('United States');
  await page.getByLabel('State').selectOption('NY');
  await page.getByLabel('Bio').fill(p.bio);
  await page.getByLabel('I accept the Terms of Service').check();
  await page.getByLabel('I accept the Privacy Policy').check();
}

test('every visitor wall offers Login and Sign Up in plain styling; signing up logs the player in on "Get started"', async ({ page }) => {
  for (const path of ['/create-match', '/friends', '/notifications', '/stats', '/account', '/messages']) {
    await page.goto(path);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    // Not being logged in is no failure: the reason is not drawn as an error.
    await expect(main.locator('.feedback--error')).toHaveCount(0);
    await expect(main).not.toContainText('No authentication token found');
  }

  await page.getByRole('main').getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  const p = newPlayer();
  await fillSignup(page, p);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('status')).toHaveText('Account created successfully!');
  await expect(page.getByLabel('Username')).toHaveValue('');
  const steps = page.getByRole('region', { name: 'Get started' });
  await expect(steps).toBeVisible();
  await expect(steps).toBeInViewport();
  await expect(steps.getByRole('link', { name: 'Verify your e-mail' })).toBeVisible();
  // Logged in without typing the password again: the bell is there and the walls are gone.
  await expect(page.getByRole('button', { name: /^Notifications \(/ })).toBeVisible();
  await page.goto('/friends');
  await expect(page.getByRole('main').getByRole('link', { name: 'Login' })).toHaveCount(0);
});

test('an unknown path keeps "Page Coming Soon!" and offers a way home; no developer words on a wall', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page Coming Soon!' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  for (const path of ['/verification', '/delete-account', '/chat/1']) {
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('No authentication token found');
  }
});
