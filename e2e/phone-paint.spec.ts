import { expect, test, type Page } from '@playwright/test';
import { apiSignup, sql } from './support/stack';

/**
 * What index.html does before the app's JavaScript has arrived (docs/architecture.md#phone-app):
 * its boot script applies the player's theme before the first paint, and on a lobby page starts the
 * match read and writes the real code into the skeleton; the app then adopts that read.
 * The entry script is held back by the test, so whatever shows was done by the HTML alone.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** Holds the app's entry script until the returned release() is called. */
async function holdEntryScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test('a stored dark choice on a light system paints dark before any script of the app runs', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.addInitScript(() => localStorage.setItem('gotnext_theme', 'dark'));
  const release = await holdEntryScript(page);
  await page.goto('/leaderboard', { waitUntil: 'commit' });
  await expect(page.locator('.boot-card')).toBeVisible();
  const painted = await page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    page: getComputedStyle(document.documentElement).backgroundColor,
    card: getComputedStyle(document.querySelector('.boot-card')!).backgroundColor,
  }));
  expect(painted).toEqual({ theme: 'dark', page: 'rgb(15, 17, 21)', card: 'rgb(27, 30, 36)' });
  release();
  await expect(page.getByRole('heading', { name: 'Top 50 Players in the World' })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe('rgb(15, 17, 21)');
});

test('with no stored choice the shell follows the system', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const release = await holdEntryScript(page);
  await page.goto('/leaderboard', { waitUntil: 'commit' });
  await expect(page.locator('.boot-card')).toBeVisible();
  expect(await page.evaluate(() => [document.documentElement.dataset.theme, getComputedStyle(document.querySelector('.boot-card')!).backgroundColor])).toEqual([
    undefined,
    'rgb(255, 255, 255)',
  ]);
  release();
});

test("the lobby's code comes from the boot script's read, which the app adopts", async ({ page, request }) => {
  const p = await apiSignup(request);
  await sql('UPDATE users SET email_verified = true, id_verified = true WHERE id = $1', [p.userId]);
  const created = await (await request.post('/api/create-match-1v1', { headers: { Authorization: `Bearer ${p.token}` }, data: { ranked: false } })).json();
  expect(created.match_code).toMatch(/^[A-Z0-9]{6}$/);

  // The first match read goes through; any later one is held, so React can only show the lobby
  // from the read the boot script started. The socket is up: the lobby reads again once it has
  // joined the match's room (matchQueries.ts), and every live query on screen does at the first
  // session:ready; those reads let first loads finish instead of cancelling them (api/readAgain.ts),
  // so the held second read never hides the lobby. (A session:ready that waited for the shell's
  // first loads used to cancel the lobby's, begun meanwhile: the lobby stayed on its skeleton in
  // about 1 run in 20; readAgain.test.ts has that order.)
  const reads: string[] = [];
  let releaseLater!: () => void;
  const later = new Promise<void>((resolve) => (releaseLater = resolve));
  await page.route(/\/api\/match-details\/\d+$/, async (route) => {
    reads.push(route.request().url());
    if (reads.length > 1) await later;
    await route.continue();
  });
  await page.addInitScript((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('user_id', String(s.userId));
  }, p);
  const release = await holdEntryScript(page);
  await page.goto(`/pregame/${created.match_id}?matchType=1v1`, { waitUntil: 'commit' });

  // No script of the app has run, yet the real code is on screen.
  const early = page.locator('.boot-card [aria-label="Match code"]');
  await expect(early).toHaveText(created.match_code);
  expect(reads).toHaveLength(1);

  release();
  await expect(page.locator('p.match-code')).toHaveText(created.match_code);
  await expect(page.locator('.boot-card')).toHaveCount(0);
  releaseLater();
});
