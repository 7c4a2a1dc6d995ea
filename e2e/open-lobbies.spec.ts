import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ROUTES } from '@gotnext/shared';
import { axeViolations } from './support/axe';
import { openLoggedIn, sql } from './support/stack';
import { verifiedPlayer, type Signed } from './support/ranked';

/**
 * Open games near you on a phone (docs/matches.md#open-lobbies): a creator opens a ranked 2v2 to
 * players rated 3.800–4.200 from Create Match; a second player in range sees it on /courts and
 * joins with one tap; a third, rated 4.400, does not see it; the list on the second phone shows
 * the places left, and the Ranked / Casual control is at least 44 px tall.
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };

async function phone(browser: Browser, request: APIRequestContext, path: string, region: string): Promise<Signed & { page: Page }> {
  const p = await verifiedPlayer(request, { state: region });
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await openLoggedIn(page, p, path);
  return { ...p, page };
}

test('a lobby opened to a rating range: a player in range joins it in one tap from /courts, one out of range never sees it', async ({ browser, request }) => {
  test.setTimeout(120_000);
  // A state of its own, so lobbies other specs open elsewhere do not enter this list.
  const region = 'VT';
  const creator = await phone(browser, request, '/create-match', region);
  const page = creator.page;

  // Ranked / Casual: two options of at least 44 px, each with its meaning.
  const ranked = page.getByRole('radio', { name: 'Ranked Match' });
  await expect(ranked).toBeEnabled();
  for (const name of ['Ranked Match', 'Casual']) {
    const option = page.locator('label.ranked-choice__option', { has: page.getByRole('radio', { name }) });
    expect((await option.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  await expect(page.getByText('Counts toward your rating. Every player must be verified.')).toBeVisible();
  await ranked.tap();
  await page.getByLabel('Match Type').selectOption('2v2');
  await page.getByLabel('Scoring Type').selectOption('1s & 2s to 11');
  await expect(page.getByText('Game to 11 · baskets count 1 and 2', { exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Open to nearby players by rating' }).tap();
  await page.getByLabel('Lowest rating').fill('3.800');
  await page.getByLabel('Highest rating').fill('3.900');
  await page.getByRole('button', { name: 'Create Match' }).tap();
  // The server answers in plain words: the creator's own 4.000 is outside.
  await expect(page.getByRole('alert')).toHaveText('Your own rating (4.000) must be inside the range.');
  expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);
  await page.getByLabel('Highest rating').fill('4.200');
  await page.getByRole('button', { name: 'Create Match' }).tap();
  await expect(page.getByText('Open to players rated 3.800–4.200 near you.')).toBeVisible();
  const code = (await page.getByLabel('Match code').textContent())!.trim();
  // The code's countdown opens the creator's lobby.
  await expect(page).toHaveURL(/\/pregame\/\d+/, { timeout: 15_000 });

  // The second player (4.000, same state) sees it on /courts and joins with one tap.
  const second = await phone(browser, request, '/courts', region);
  const games = second.page.getByRole('list', { name: 'Open games' });
  const row = games.getByRole('listitem').filter({ hasText: creator.username });
  await expect(row).toContainText('2v2 ranked');
  await expect(row).toContainText('Open to players rated 3.800–4.200 · 3 places left');
  expect(await axeViolations(second.page, { seriousOnly: true })).toEqual([]);
  await row.getByRole('button', { name: `Join ${creator.username}'s 2v2` }).tap();
  await expect(second.page).toHaveURL(/\/pregame\/\d+/);
  await expect(second.page.getByText(code)).toBeVisible();
  // The creator's lobby shows them without a reload.
  await expect(page.getByText(second.username).first()).toBeVisible();

  // A third player rated 4.400 in the same state: the lobby is not theirs to see.
  const third = await verifiedPlayer(request, { state: region });
  await sql(`INSERT INTO ratings (pool, user_id, rating, games) VALUES ('overall', $1, 1600, 3)`, [third.userId]);
  const context = await browser.newContext(PHONE);
  const thirdPage = await context.newPage();
  await openLoggedIn(thirdPage, third, '/courts');
  await expect(thirdPage.getByText(/open to your rating \(4\.400\)/)).toBeVisible();
  await expect(thirdPage.getByText('No open games near you right now.')).toBeVisible();
  await expect(thirdPage.getByText(creator.username)).toHaveCount(0);

  // Back on the second phone's list (a fourth player in range): the place taken shows without a reload.
  const fourth = await phone(browser, request, '/courts', region);
  const fourthRow = fourth.page.getByRole('list', { name: 'Open games' }).getByRole('listitem').filter({ hasText: creator.username });
  await expect(fourthRow).toContainText('2 places left');
  const matchId = Number(/\/pregame\/(\d+)/.exec(second.page.url())![1]);
  const extra = await verifiedPlayer(request, { state: region });
  const joined = await request.post(ROUTES.joinOpenLobby.path.replace('{matchId}', String(matchId)), { headers: { Authorization: `Bearer ${extra.token}` }, data: {} });
  expect(joined.status()).toBe(200);
  await expect(fourthRow).toContainText('1 place left');
});
