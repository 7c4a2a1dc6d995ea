import { expect } from '@playwright/test';
import { licenceFor, material, test } from './support/id-camera';
import { mailedLink, newPlayer } from './support/stack';
import { Taps } from './support/taps';

/**
 * Issue 47's newcomer on a phone: from the landing page, with no account, to the lobby of their
 * own ranked match in at most 20 taps, without the browser's Back (docs/product.md#create-match).
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, permissions: ['camera'] });
test.describe.configure({ timeout: 240_000 });

test('a newcomer signs up, verifies and is in the lobby of their own ranked match in at most 20 taps', async ({ page }) => {
  const taps = new Taps(page);
  const me = newPlayer();
  const main = page.getByRole('main');

  // 1. The landing page; Create a Match is what they came for, and its wall offers Sign Up.
  await taps.open('/', 'the landing page');
  await taps.tap(main.getByRole('link', { name: 'Create a Match', exact: true }), 'Create a Match');
  await taps.tap(main.getByRole('link', { name: 'Sign Up' }), 'Sign Up');
  await taps.select(page.getByLabel('Country'), 'United States');
  await taps.select(page.getByLabel('State'), 'NY');
  await taps.check(page.getByLabel('I accept the Terms of Service'));
  await taps.check(page.getByLabel('I accept the Privacy Policy'));
  await taps.fillAndSubmit(
    [
      [page.getByLabel('First Name'), me.firstName],
      [page.getByLabel('Last Name'), me.lastName],
      [page.getByLabel('Phone Number'), me.phoneNumber],
      [page.getByLabel('Email', { exact: true }), me.email],
      [page.getByLabel('Username'), me.username],
      [page.getByLabel('Password', { exact: true }), me.password],
      [page.getByLabel('Re-enter Password'), me.password],
      [page.getByLabel('Date of Birth'), me.dateOfBirth],
      [page.getByLabel('Bio'), me.bio],
    ],
    page.getByRole('button', { name: 'Sign Up' }),
    'Sign Up (the form)',
  );

  // 2. Logged in on "Get started": verifying is its first step.
  const steps = page.getByRole('region', { name: 'Get started' });
  await taps.tap(steps.getByRole('link', { name: 'Verify your e-mail' }), 'Verify your e-mail');
  await expect(page).toHaveURL(/\/verification$/);
  await taps.open(await mailedLink(me.email, 'verify-email'), 'the e-mail link');
  await taps.tap(page.getByRole('link', { name: 'Continue verifying' }), 'Continue verifying');

  // 3. The ID: two shots of the licence, a live selfie, sent; the verdict arrives live.
  const licence = licenceFor(me);
  await taps.choosePhoto(
    page.getByLabel('Front of your licence photo file'),
    { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await material.licenceFront(licence) },
    'licence front',
  );
  await expect(page.getByRole('img', { name: 'Front of your licence (taken)' })).toBeVisible();
  await taps.choosePhoto(
    page.getByLabel('Back of your licence photo file'),
    { name: 'back.jpg', mimeType: 'image/jpeg', buffer: await material.licenceBack(material.aamvaText(licence)) },
    'licence back',
  );
  await expect(page.getByRole('img', { name: 'Back of your licence (taken)' })).toBeVisible();
  await taps.tap(page.getByRole('button', { name: 'Start selfie camera' }), 'Start selfie camera');
  await taps.tap(page.getByRole('button', { name: 'Take selfie' }), 'Take selfie');
  await expect(page.getByRole('img', { name: 'Selfie with your head turned (taken)' })).toBeVisible({ timeout: 15_000 });
  await taps.tap(page.getByRole('button', { name: 'Send for verification' }), 'Send for verification');
  await expect(page.getByText('Your ID has been verified.')).toBeVisible({ timeout: 90_000 });

  // 4. The next step opens Create Match with Ranked chosen; the lobby follows the code's countdown.
  await taps.tap(page.getByRole('link', { name: 'Create a ranked match' }), 'Create a ranked match');
  await expect(main.getByRole('radio', { name: 'Ranked Match' })).toBeChecked();
  await taps.tap(main.getByRole('button', { name: 'Create Match' }), 'Create Match');
  await expect(main.getByLabel('Match code')).toHaveText(/^[A-Z0-9]{6}$/);
  await expect(page).toHaveURL(/\/pregame\/\d+\?matchType=1v1$/, { timeout: 15_000 });
  await expect(page.getByTestId('lobby-status')).toHaveText('Waiting for 1 more player');
  await expect(main).toContainText('Ranked');

  test.info().annotations.push({ type: 'taps', description: `${taps.count}\n${taps.log}` });
  expect(taps.count, taps.log).toBeLessThanOrEqual(20);
});
