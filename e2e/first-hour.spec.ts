import { expect, test, type Page } from '@playwright/test';
import { newPlayer, sql } from './support/stack';
import { acceptAgreements, fillSignupForm } from './support/signup';
import { playRanked, verifiedPlayer } from './support/ranked';
import { smallTapTargets } from './support/tap-targets';
import { BOTH_THEMES, axeViolations } from './support/axe';

/** The first hour on a phone (issue 47): each test is one step a newcomer takes. */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

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
  await fillSignupForm(page, p);
  await acceptAgreements(page);
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

test('a link under the finger or the pointer keeps its contrast in both themes', async ({ page }) => {
  // A tap leaves the page hovered where it landed, on whatever the next screen puts there.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).hover();
  expect(await axeViolations(page, { schemes: BOTH_THEMES })).toEqual([]);
});

test('the leaderboard applies a picked board at once, and its headers fit a 390 px phone without overlapping', async ({ page, request }) => {
  const winner = await verifiedPlayer(request);
  const loser = await verifiedPlayer(request);
  await playRanked(request, winner, loser, 21, 15);
  await expect.poll(async () => (await sql('SELECT 1 FROM rating_events WHERE user_id = $1', [winner.userId])).length, { timeout: 20_000 }).toBeGreaterThan(0);
  await page.goto('/leaderboard');
  await expect(page.getByRole('heading', { name: 'Top 50 Players in the World' })).toBeVisible();
  await expect(page.locator('.leaderboard__table tbody tr').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectHeadersFit(page);

  await page.getByLabel('Country').selectOption('United States');
  await expect(page.getByRole('heading', { name: 'Top 50 Players in the United States' })).toBeVisible();
  await page.getByLabel('State').selectOption('NY');
  await expect(page.getByRole('heading', { name: 'Top 50 Players in New York' })).toBeVisible();
  await expect(page).toHaveURL(/region=NY/);
  await expect(page.getByRole('button', { name: 'View Leaderboard' })).toBeVisible();

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

/** Each leaderboard header's text stays inside its own cell, so no two overlap. */
async function expectHeadersFit(page: Page) {
  // Each header's text stays inside its own cell, so no two overlap.
  const boxes = await page.locator('.leaderboard__table thead th').evaluateAll((cells) =>
    cells.map((th) => {
      const range = document.createRange();
      range.selectNodeContents(th);
      const text = range.getBoundingClientRect();
      const cell = th.getBoundingClientRect();
      return { name: th.textContent, left: text.left, right: text.right, cellLeft: cell.left, cellRight: cell.right };
    }),
  );
  expect(boxes).toHaveLength(5);
  for (const b of boxes) {
    expect(b.left, `${b.name} starts inside its cell`).toBeGreaterThanOrEqual(b.cellLeft - 0.5);
    expect(b.right, `${b.name} ends inside its cell`).toBeLessThanOrEqual(b.cellRight + 0.5);
  }
  for (let i = 1; i < boxes.length; i += 1) expect(boxes[i].left, `${boxes[i].name} after ${boxes[i - 1].name}`).toBeGreaterThanOrEqual(boxes[i - 1].right - 0.5);
}

/** What the pages outside the match screens let a player tap (checked by smallTargets). */
const TAPPABLE = [
  '.bell__button',
  '.site-header__logo',
  'input[type="checkbox"]',
  'input[type="radio"]',
  'a[href^="/profile/"]',
  '.tip__button',
  '.notification__open',
  'a[href="/leaderboard"].btn',
  'button.leaderboard__view',
];
const smallTargets = (page: Page) => smallTapTargets(page, TAPPABLE);

test('tap targets are at least 44 x 44 px on a phone, on the pages outside the match screens', async ({ page, request }) => {
  const me = await verifiedPlayer(request);
  const other = await verifiedPlayer(request);
  await playRanked(request, me, other, 21, 12);
  await request.post('/api/friends/request', { headers: { Authorization: `Bearer ${other.token}` }, data: { userId: me.userId } });
  const league = await (await request.post('/api/leagues', { headers: { Authorization: `Bearer ${me.token}` }, data: { name: `Tap League ${Date.now().toString(36)}` } })).json();
  const found: string[] = [];
  for (const path of ['/', '/leaderboard', '/signup', '/login']) {
    await page.goto(path);
    for (const s of await smallTargets(page)) found.push(`visitor ${path}: ${s}`);
  }
  await page.goto('/');
  await page.evaluate(({ token, userId }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user_id', String(userId));
  }, me);
  for (const path of [
    '/',
    '/leaderboard',
    '/notifications',
    '/friends',
    '/account',
    '/stats',
    `/profile/${other.userId}`,
    `/league/${league.league.id}`,
    '/verification',
    '/messages',
  ]) {
    await page.goto(path);
    for (const s of await smallTargets(page)) found.push(`${path}: ${s}`);
  }
  // The bell's dropdown.
  await page.getByRole('button', { name: /^Notifications \(/ }).click();
  for (const s of await smallTargets(page)) found.push(`bell: ${s}`);
  expect(found).toEqual([]);
});
