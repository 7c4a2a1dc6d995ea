import { expect, test, type Browser, type BrowserContextOptions } from '@playwright/test';
import { apiSignup, newPlayer, openLoggedIn } from './support/stack';
import { acceptAgreements, fillSignupForm } from './support/signup';

/** A 390×844 phone (issue #14), with the clipboard the Copy and Share buttons write to. */
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
  permissions: ['clipboard-read', 'clipboard-write'],
};

async function phone(browser: Browser, size: Partial<BrowserContextOptions> = {}) {
  const context = await browser.newContext({ ...PHONE, ...size });
  return context.newPage();
}

/** Pushes reach this tab (socket up). */
const socketUp = (page: import('@playwright/test').Page) =>
  expect.poll(() => page.evaluate(() => (window as unknown as { __gotnextSocketConnected?: boolean }).__gotnextSocketConnected)).toBe(true);

test('an invite link on a phone: shared, opened logged out, signed up, logged in, joined; the lobby in words and the review step', async ({ browser, request }) => {
  const host = await apiSignup(request);
  const page = await phone(browser);
  await openLoggedIn(page, host, '/create-match');
  await page.getByRole('button', { name: 'Create Match' }).click();
  const code = (await page.getByLabel('Match code').textContent())!.trim();

  // The code view counts down visibly; sharing stops it, so the player is not taken away mid-share.
  await expect(page.getByRole('timer')).toContainText('Opening the lobby in');
  await expect(page.getByRole('img', { name: `QR code of the invite link for match ${code}` })).toBeVisible();
  await page.getByRole('button', { name: 'Share' }).click(); // no Web Share API in this browser: it copies
  await expect(page.getByRole('status')).toHaveText('Invite link copied.');
  await expect(page.getByRole('timer')).toHaveCount(0);
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`/join-match\\?code=${code}$`));
  await expect(page.getByLabel('Invite link')).toHaveValue(link);
  await page.getByRole('link', { name: 'Go to Lobby' }).click();
  await expect(page.getByTestId('lobby-status')).toHaveText('Waiting for 1 more player');
  await expect(page.getByText('Start opens when 1 more player joins.')).toBeVisible();
  await socketUp(page);

  // The invited player opens the link logged out, signs up and logs in, and comes back to join.
  const guest = await phone(browser);
  await guest.goto(new URL(link).pathname + new URL(link).search);
  await expect(guest.getByText('Log in or sign up to join this match. You will come back here to join it.')).toBeVisible();
  await guest.getByRole('main').getByRole('link', { name: 'Sign Up' }).click();
  const p = newPlayer({ phoneNumber: '+1 (555) 765-4321' });
  await fillSignupForm(guest, p);
  await acceptAgreements(guest);
  await guest.getByRole('button', { name: 'Sign Up' }).click();
  await expect(guest.getByRole('status')).toHaveText('Account created successfully!');
  // Signed up is logged in: Continue goes back to the invite.
  await guest.getByRole('link', { name: 'Continue' }).click();
  await expect(guest).toHaveURL(/\/pregame\/\d+\?matchType=1v1$/);

  // Both see the lobby in words, from their own side.
  await expect(guest.getByTestId('lobby-status')).toHaveText(`Ready: waiting for ${host.username} to start`);
  await expect(guest.getByText(`Only ${host.username} can start the game.`)).toBeVisible();
  await expect(page.getByTestId('lobby-status')).toHaveText('Ready: you can start the game');
  await expect(page.getByRole('region', { name: 'Opponent' })).toContainText(p.username);
  await expect(page).toHaveTitle('Ready: you can start the game · GotNext');
  await expect(page.getByRole('region', { name: 'You' }).getByLabel('Rating 4.000')).toBeVisible();

  // The host reports a score that does not fit a game to 5: the review warns and asks again.
  await page.getByRole('button', { name: 'Start Game' }).click();
  await expect(page).toHaveURL(/\/scoreboard\/\d+$/);
  await page.getByRole('link', { name: 'Report the final score instead' }).click();
  await expect(page).toHaveURL(/\/report-score\//);
  await expect(page.getByTestId('score-target')).toHaveText('1s & 2s to 5 · Game to 5');
  await page.getByLabel('Your Score', { exact: true }).fill('21');
  await page.getByLabel("Opponent's Score").fill('15');
  await page.getByRole('button', { name: 'Submit Score' }).click();
  await expect(page.getByText(`You 21 – ${p.username} 15: submit?`)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('This score does not fit a game to 5. Check it, then confirm to submit it anyway.');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Your Score', { exact: true }).fill('5');
  await page.getByLabel("Opponent's Score").fill('3');
  await page.getByRole('button', { name: 'Submit Score' }).click();
  await expect(page.getByText(`You 5 – ${p.username} 3: submit?`)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('Score reported. Waiting for the other side to report.');

  // The guest's bell on a 360 px phone: a sheet inside the screen; its item opens the match.
  await guest.setViewportSize({ width: 360, height: 740 });
  await guest.goto('/');
  const bell = guest.getByRole('button', { name: /Notifications \(1 unread\)/ });
  await bell.click();
  const sheet = guest.getByRole('region', { name: 'Notifications' });
  await expect(sheet).toContainText('Your opponent reported the score of your 1v1 match.');
  const box = (await sheet.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(box.width).toBeGreaterThanOrEqual(350);
  expect(await sheet.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true); // nothing inside runs off sideways
  await sheet.getByRole('link', { name: /Your opponent reported the score/ }).click();
  await expect(guest).toHaveURL(/\/report-score\/\d+\?matchType=1v1$/);
});
