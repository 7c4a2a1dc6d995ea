import { expect, test } from '@playwright/test';
import { mailedLink, newPlayer, sql } from './support/stack';
import { fillSignupForm } from './support/signup';

test('a new player signs up, logs in, verifies the e-mail from the mailed link and signs out', async ({ page }) => {
  const p = newPlayer();
  await page.goto('/signup');
  await expect(page).toHaveTitle(/GotNext/);
  await fillSignupForm(page, p, 'United States', 'NY');

  const submit = page.getByRole('button', { name: 'Sign Up' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('I accept the Terms of Service').check();
  await expect(submit).toBeDisabled();
  await page.getByRole('link', { name: 'Read the Privacy Policy' }).click();
  await expect(page.getByRole('dialog')).toContainText('Last updated');
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByLabel('I accept the Privacy Policy').check();
  await submit.click();
  await expect(page.getByRole('status')).toHaveText('Account created successfully!');
  await expect(page.getByLabel('Username')).toHaveValue('');

  // Signed up is logged in (docs/accounts.md#signup-rules): the header says so, and the steps are there.
  const nav = page.getByRole('banner');
  await expect(page.getByRole('region', { name: 'Get started' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Account' })).toBeVisible();
  // The header says Login before Sign Out's reload has loaded; a goto before then collides with it.
  const signedOut = page.waitForEvent('load');
  await nav.getByRole('button', { name: 'Sign Out' }).click();
  await signedOut;
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Account' })).toHaveCount(0);

  await page.goto('/login');
  await page.getByLabel('Username or Email').fill(p.email);
  await page.getByLabel('Password').fill(p.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(nav.getByRole('button', { name: 'Sign Out' }).or(nav.getByRole('link', { name: 'Sign Out' }))).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Account' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign Up' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('user_id'))).toMatch(/^\d+$/);

  // The verification mail went out with the account; the one sent from /verification replaces it.
  const atSignup = await mailedLink(p.email, 'verify-email');
  await page.goto('/verification');
  await expect(page.getByRole('heading', { name: /Email Verification/ })).toContainText('Not verified');
  await page.getByRole('button', { name: 'Send Verification Email' }).click();
  await expect(page.getByRole('status')).toContainText('Verification email sent');

  await expect.poll(() => mailedLink(p.email, 'verify-email'), { timeout: 20_000 }).not.toBe(atSignup);
  const link = await mailedLink(p.email, 'verify-email');
  await page.goto(new URL(link).pathname);
  await expect(page.getByText('Your email has been verified.')).toBeVisible();
  const [row] = await sql<{ email_verified: boolean }>('SELECT email_verified FROM users WHERE username = $1', [p.username]);
  expect(row.email_verified).toBe(true);
  await page.getByRole('button', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/verification');
  await expect(page.getByRole('heading', { name: /Email Verification/ })).toContainText('Verified');

  // Sign Out tells the server, forgets the session and reloads the page. The storage is read once
  // the reload has loaded, not retried with no limit of its own while the reload navigates (when
  // this test hung in CI, its body and then the context's teardown each ran out of their 60 s).
  const reloaded = page.waitForEvent('load');
  await nav
    .getByRole('button', { name: 'Sign Out' })
    .or(nav.getByRole('link', { name: 'Sign Out' }))
    .click();
  await reloaded;
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('the form shows the spec messages and the server refuses a taken username', async ({ page, request }) => {
  const taken = newPlayer();
  expect((await request.post('/api/signup', { data: taken })).status()).toBe(201);
  await page.goto('/signup');
  await page.getByLabel('I accept the Terms of Service').check();
  await page.getByLabel('I accept the Privacy Policy').check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('First name is required.')).toBeVisible();
  await expect(page.getByText('Please confirm your password.')).toBeVisible();
  await expect(page.getByText('Country selection is required.')).toBeVisible();

  const p = newPlayer({ username: taken.username });
  await fillSignupForm(page, p, 'Canada', null);
  await expect(page.getByLabel('State')).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Username is already taken.' })).toBeVisible();
});

test('an unknown path shows Page Coming Soon! and the socket connects once logged in', async ({ page, request }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Page Coming Soon!')).toBeVisible();
  const p = newPlayer();
  await request.post('/api/signup', { data: p });
  await page.goto('/login');
  await page.getByLabel('Username or Email').fill(p.username);
  await page.getByLabel('Password').fill(p.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.waitForFunction(() => (window as unknown as { __gotnextSocketConnected?: boolean }).__gotnextSocketConnected === true);
});
