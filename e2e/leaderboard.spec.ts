import { expect, test } from '@playwright/test';
import { openLoggedIn } from './support/stack';
import { playRanked, verifiedPlayer } from './support/ranked';

/**
 * The boards as a player uses them: results played through the API are rated by the worker, then
 * the page is switched to the United States and a state, searched by name, and a row opens the
 * profile, whose region ranking is the same number. Wyoming is this spec's own state, so other
 * specs' players do not show up on its board.
 */
test('the leaderboard switched to the United States and a state, a search, a row opening the profile', async ({ page, request }) => {
  const tag = `wy${Date.now().toString(36)}`;
  const [ace, runner, third, last] = await Promise.all(
    ['ace', 'run', 'thr', 'lst'].map((n) => verifiedPlayer(request, { state: 'WY', username: `${tag}${n}`, email: `${tag}${n}@example.com` })),
  );
  await playRanked(request, ace, last, 21, 2); // a big win: ace first, last last
  await playRanked(request, runner, third, 21, 19); // a narrow one: runner second, third third
  await expect.poll(async () => (await (await request.get(`/api/leaderboards/WY?search=${tag}`)).json()).players.length, { timeout: 20_000 }).toBe(4);

  await openLoggedIn(page, last, '/leaderboard');
  await expect(page.getByRole('heading', { name: 'Top 50 Players in the World' })).toBeVisible();
  await expect(page.getByLabel('State')).toHaveCount(0);
  await page.getByLabel('Country').selectOption('United States');
  await expect(page.getByRole('heading', { name: 'Top 50 Players in the United States' })).toBeVisible(); // applied on change
  await page.getByLabel('State').selectOption('WY');
  await page.getByRole('button', { name: 'View Leaderboard' }).click();
  await expect(page.getByRole('heading', { name: 'Top 50 Players in Wyoming' })).toBeVisible();
  await expect(page).toHaveURL(/\/leaderboard\?region=WY$/);

  const body = page.locator('tbody tr');
  await expect(body).toHaveCount(4);
  await expect(body.nth(0)).toContainText(ace.username);
  await expect(body.nth(1)).toContainText(runner.username);
  await expect(body.nth(2)).toContainText(third.username);
  await expect(body.nth(3)).toContainText(last.username);
  await expect(body.nth(0).getByRole('cell').first()).toHaveText('1');
  await expect(body.nth(0)).toContainText('1-0');
  await expect(body.nth(0).getByRole('cell').nth(2)).toHaveText(/^\d\.\d{3}$/);
  // The player's own row, under the table.
  await expect(page.locator('tfoot')).toContainText('You: #4');

  await page.getByLabel('Player name').fill(`${tag}THR`);
  await page.getByRole('button', { name: 'View Leaderboard' }).click();
  await expect(body).toHaveCount(1);
  await expect(body.first()).toContainText(third.username);
  await expect(body.first().getByRole('cell').first()).toHaveText('3');

  await body.first().getByRole('cell').last().click();
  await expect(page).toHaveURL(new RegExp(`/profile/${third.userId}$`));
  await expect(page.getByRole('heading', { name: third.username })).toBeVisible();
  await expect(page.getByLabel('Region Ranking')).toHaveText('#3');

  await page.goBack();
  await expect(page.getByLabel('Player name')).toHaveValue(`${tag}THR`);
  await page.getByLabel('Player name').fill('nobody-is-called-this');
  await page.getByRole('button', { name: 'View Leaderboard' }).click();
  await expect(page.getByText('No results found')).toBeVisible();
});
