import type { Page } from '@playwright/test';
import type { newPlayer } from './stack';

/** Types a player into the signup form the way a person would, field by field (the agreements unticked). */
export async function fillSignupForm(page: Page, p: ReturnType<typeof newPlayer>, country = 'United States', state: string | null = 'NY') {
  await page.getByLabel('First Name').fill(p.firstName);
  await page.getByLabel('Last Name').fill(p.lastName);
  await page.getByLabel('Phone Number').fill(p.phoneNumber);
  await page.getByLabel('Email', { exact: true }).fill(p.email);
  await page.getByLabel('Username').fill(p.username);
  await page.getByLabel('Password', { exact: true }).fill(p.password);
  await page.getByLabel('Re-enter Password').fill(p.password);
  await page.getByLabel('Date of Birth').fill(p.dateOfBirth);
  await page.getByLabel('Country').selectOption(country);
  if (state) await page.getByLabel('State').selectOption(state);
  await page.getByLabel('Bio').fill(p.bio);
}

/** Ticks both agreements, which Sign Up waits for. */
export async function acceptAgreements(page: Page) {
  await page.getByLabel('I accept the Terms of Service').check();
  await page.getByLabel('I accept the Privacy Policy').check();
}
