import { expect, test } from '@playwright/test';
import { Queue } from 'bullmq';
import { BOTH_THEMES, axeViolations } from './support/axe';
import { openLoggedIn, stack } from './support/stack';
import { playRanked, verifiedPlayer } from './support/ranked';
import { smallTapTargets } from './support/tap-targets';

/**
 * The glass box on a phone (docs/rating.md#glass-box): the public /rating page after the worker's
 * calibration job has measured the ranked history, and a ranked lobby's chances. Axe finds nothing
 * in either theme, and every tap target is at least 44 px.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/** Asks the running worker for the calibration the nightly schedule runs. */
async function calibrateNow(): Promise<void> {
  const { redisUrl, redisPrefix } = stack();
  const u = new URL(redisUrl);
  const queue = new Queue('fair-play', { connection: { host: u.hostname, port: Number(u.port || 6379) }, prefix: `${redisPrefix}:bull` });
  try {
    await queue.add('calibrate', { kind: 'calibrate', reason: 'nightly' }, { jobId: `e2e-calibrate-${Date.now()}` });
  } finally {
    await queue.close();
  }
}

test('the rating page explains the rating and shows its measured accuracy, from the leaderboard tooltip', async ({ page, request }) => {
  const [a, b] = [await verifiedPlayer(request), await verifiedPlayer(request)];
  await playRanked(request, a, b, 21, 12);
  await calibrateNow();
  await openLoggedIn(page, a, '/leaderboard');
  // The "?" opens the tooltip; its link opens the page.
  await page.getByRole('button', { name: 'About the rating' }).tap();
  await page.getByRole('link', { name: 'How the rating works' }).tap();
  await expect(page).toHaveURL(/\/rating$/);
  await expect(page.getByRole('heading', { level: 1, name: 'How the rating works' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What does not' })).toBeVisible();
  // The worker measured the history, at least the game just played (it reloads until the job has run).
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('accuracy-headline')).toHaveText(/^When we gave a team \d+ %, it won \d+ % of [\d,]+ games\.$/, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('img', { name: 'Predicted chance against games won, by bin' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Reliability by bin' }).getByRole('row')).toHaveCount(11);
  await expect(page.getByRole('table', { name: 'Accuracy by team size and experience' })).toContainText('1v1');
  await expect(page.locator('.fair-play a, .fair-play button').first()).toBeVisible();
  expect(await smallTapTargets(page, ['.fair-play a', '.fair-play button'])).toEqual([]);
  expect(await axeViolations(page, { schemes: BOTH_THEMES })).toEqual([]);
});

test("a ranked lobby shows each team's chance and what a win or a loss would do", async ({ page, request }) => {
  const [a, b] = [await verifiedPlayer(request), await verifiedPlayer(request)];
  const as = { Authorization: `Bearer ${a.token}` };
  const created = await (await request.post('/api/create-match-1v1', { headers: as, data: { ranked: true, scoringType: '1s & 2s to 11' } })).json();
  await openLoggedIn(page, a, `/pregame/${created.match_id}?matchType=1v1`);
  // The opponent joins while Alice watches: the chances appear with the full lobby.
  expect((await request.post('/api/join-match-1v1', { headers: { Authorization: `Bearer ${b.token}` }, data: { match_code: created.match_code } })).ok()).toBe(true);
  const chances = page.getByRole('region', { name: 'Chances' });
  await expect(chances.getByTestId('chance-a')).toHaveText('Team A 50 %');
  await expect(chances.getByTestId('chance-b')).toHaveText('Team B 50 %');
  await expect(chances.getByRole('listitem').filter({ hasText: a.username })).toHaveText(/win \+\d\.\d{3} · loss −\d\.\d{3}/);
  await expect(chances.getByRole('link', { name: 'How the rating works' })).toBeVisible();
  expect(await smallTapTargets(page, ['.chances a'])).toEqual([]);
  expect(await axeViolations(page, { schemes: BOTH_THEMES })).toEqual([]);
});
