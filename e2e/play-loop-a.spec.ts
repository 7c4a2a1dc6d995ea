import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiSignup, openLoggedIn, sql } from './support/stack';

/**
 * The play loop on a phone (issue 14, items 1, 5, 6, 9): a 390×844 touch screen, as a player
 * holds it on a court. Each player has their own browser context.
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

async function phonePlayer(browser: Browser, request: APIRequestContext, path = '/') {
  const p = await apiSignup(request);
  await sql('UPDATE users SET email_verified = true, id_verified = true WHERE id = $1', [p.userId]);
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  // Cancel and Leave ask first: the player says yes.
  page.on('dialog', (d) => void d.accept());
  await openLoggedIn(page, p, path);
  return { ...p, page };
}

const socketUp = (page: Page) => expect.poll(() => page.evaluate(() => (window as unknown as { __gotnextSocketConnected?: boolean }).__gotnextSocketConnected)).toBe(true);
const as = (p: { token: string }) => ({ headers: { Authorization: `Bearer ${p.token}` } });

test('a ranked 1v1 on phones: the Current match banner returns to the lobby, both read their own result, the rating chart moves', async ({ browser, request }) => {
  const alice = await phonePlayer(browser, request, '/create-match');
  const bob = await phonePlayer(browser, request, '/stats');
  await expect(bob.page.getByRole('region', { name: 'Rating history' })).toContainText('No ranked matches yet.');
  await expect(bob.page.getByRole('region', { name: 'Rating history' })).toContainText('provisional: 15 more ranked games');

  await alice.page.getByLabel('Match Type').selectOption('1v1');
  await alice.page.getByLabel('Ranked Match').check();
  await alice.page.getByLabel('Scoring Type').selectOption('1s & 2s to 11');
  await alice.page.getByRole('button', { name: 'Create Match' }).click();
  const code = (await alice.page.getByLabel('Match code').textContent())!.trim();
  await expect(alice.page).toHaveURL(/\/pregame\/\d+\?matchType=1v1$/, { timeout: 8000 });
  const lobbyUrl = alice.page.url();

  // Away from the lobby, the banner brings Alice back in one tap.
  await alice.page.goto('/leaderboard');
  const banner = alice.page.getByRole('complementary', { name: 'Current match' });
  await expect(banner).toContainText('1v1 ranked · Waiting for 1 more player');
  await banner.getByRole('link', { name: /Open lobby/ }).tap();
  await expect(alice.page).toHaveURL(lobbyUrl);
  await expect(banner).toBeHidden();
  await socketUp(alice.page);

  // Bob's /stats lists the match once he joins, and the banner follows him too.
  const joined = await request.post('/api/join-match-1v1', { ...as(bob), data: { match_code: code } });
  expect(joined.ok()).toBe(true);
  await bob.page.goto('/stats');
  await expect(bob.page.getByRole('region', { name: 'My matches' })).toContainText(`1v1 ranked vs ${alice.username} · Ready to start`);
  await expect(bob.page.getByRole('complementary', { name: 'Current match' })).toContainText('Ready to start');

  await expect(alice.page.getByTestId('lobby-status')).toHaveText('Ready: you can start the game');
  await alice.page.getByRole('button', { name: 'Start Game' }).tap();
  await expect(alice.page).toHaveURL(/\/scoreboard\/\d+$/);
  await alice.page.getByRole('link', { name: 'Report the final score instead' }).tap();
  await expect(alice.page).toHaveURL(/\/report-score\/\d+/);
  // Bob is on /stats, not in the lobby: the banner now sends him to the report page.
  const bobBanner = bob.page.getByRole('complementary', { name: 'Current match' });
  await expect(bobBanner).toContainText('In progress: report the score');
  await bobBanner.getByRole('link', { name: /Report score/ }).tap();
  await expect(bob.page).toHaveURL(/\/report-score\/\d+\?matchType=1v1$/);

  await alice.page.getByLabel('Your Score', { exact: true }).fill('11');
  await alice.page.getByLabel("Opponent's Score").fill('6');
  await alice.page.getByRole('button', { name: 'Submit Score' }).tap();
  await alice.page.getByRole('button', { name: /^Submit( anyway)?$/ }).tap(); // the review step before it is sent
  await expect(alice.page.getByRole('button', { name: 'Submitted' })).toBeDisabled();
  await bob.page.getByLabel('Your Score', { exact: true }).fill('6');
  await bob.page.getByLabel("Opponent's Score").fill('11');
  await bob.page.getByRole('button', { name: 'Submit Score' }).tap();
  await bob.page.getByRole('button', { name: /^Submit( anyway)?$/ }).tap();

  // Back in the lobby, each reads the result in their own words, with the rating change once applied.
  await expect(alice.page).toHaveURL(lobbyUrl, { timeout: 8000 });
  await expect(alice.page.getByTestId('result-summary')).toHaveText(new RegExp(`^You won 11–6 vs ${bob.username} · 4\\.000 → 4\\.\\d{3} \\(\\+0\\.\\d{3}\\)$`));
  // Bob came from /stats, but the report page ends on the match's page too, so he reads his result
  // there; it is also kept as a notification that opens it.
  await expect(bob.page).toHaveURL(lobbyUrl, { timeout: 8000 });
  await expect(bob.page.getByTestId('result-summary')).toHaveText(new RegExp(`^You lost 6–11 vs ${alice.username}`));
  await bob.page.goto('/notifications');
  const note = bob.page.locator('[data-type="match_result"]').filter({ hasText: new RegExp(`^.*You lost 6–11 vs ${alice.username} · 4\\.000 → 3\\.\\d{3} \\(-0\\.\\d{3}\\)`) });
  await note.getByRole('link', { name: 'View Result' }).tap();
  await expect(bob.page).toHaveURL(/\/pregame\//);
  await expect(bob.page.getByTestId('result-summary')).toHaveText(new RegExp(`^You lost 6–11 vs ${alice.username} · 4\\.000 → 3\\.\\d{3} \\(-0\\.\\d{3}\\)$`));
  await expect(bob.page.getByRole('button', { name: 'Rematch' })).toBeVisible();
  await expect(bob.page.getByRole('button', { name: 'Share result' })).toBeVisible();

  // The rating chart moved: two points now, from 4.000 to Bob's new rating, with the why.
  await bob.page.goto('/stats');
  const rating = bob.page.getByRole('region', { name: 'Rating history' });
  await expect(rating.getByTestId('rating-chart')).toHaveAttribute('data-points', '2');
  await expect(rating.getByTestId('rating-chart')).toHaveAttribute('aria-label', /^Rating history: 4\.000 to 3\.\d{3} over 1 ranked matches$/);
  await expect(rating.getByTestId('rating-peak')).toHaveText('4.000');
  await expect(rating.getByRole('list', { name: 'Rating changes' })).toContainText(
    'A clear loss (6–11), an even match (4.000 vs 4.000), a game to 11, you are still new so it moves faster',
  );
  await expect(rating).toContainText('provisional: 14 more ranked games');
  await expect(bob.page.getByRole('region', { name: 'My matches' })).toContainText('You have no open matches.');
  await expect(bob.page.getByRole('complementary', { name: 'Current match' })).toBeHidden();

  // Alice's profile as Bob sees it: the head-to-head record.
  await bob.page.goto(`/profile/${alice.userId}`);
  await expect(bob.page.getByTestId('head-to-head')).toHaveText(`Head to head: You 0–1 vs ${alice.username}`);
  // Nothing sticks out of the phone's screen.
  expect(await bob.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("a dispute converges on phones: each side sees the other's proposal live and settles it with Accept theirs", async ({ browser, request }) => {
  const a = await phonePlayer(browser, request);
  const b = await phonePlayer(browser, request);
  const created = await (await request.post('/api/create-match-1v1', { ...as(a), data: { ranked: false, scoringType: '1s & 2s to 21' } })).json();
  expect((await request.post('/api/join-match-1v1', { ...as(b), data: { match_code: created.match_code } })).ok()).toBe(true);
  expect((await request.post(`/api/start-match/${created.match_id}`, { ...as(a), data: {} })).ok()).toBe(true);
  expect((await request.post('/api/report-score-1v1', { ...as(a), data: { match_id: created.match_id, user_score: 21, opponent_score: 15 } })).ok()).toBe(true);
  expect((await request.post('/api/report-score-1v1', { ...as(b), data: { match_id: created.match_id, user_score: 15, opponent_score: 19 } })).ok()).toBe(true);

  // The banner takes each to the dispute page.
  for (const p of [a, b]) {
    await p.page.goto('/');
    const banner = p.page.getByRole('complementary', { name: 'Current match' });
    await expect(banner).toContainText('Disputed: resolve it');
    await banner.getByRole('link', { name: /Resolve dispute/ }).tap();
    await expect(p.page).toHaveURL(`/resolve-dispute/${created.match_id}`);
    await socketUp(p.page);
  }
  const proposalsOf = (p: Page) => p.getByRole('region', { name: 'The dispute' });
  await expect(proposalsOf(b.page).getByTestId('their-proposal')).toHaveText(`${a.username} says they won 21–15.`);
  // Bob accepts Alice's report: his final score is hers.
  await proposalsOf(b.page).getByRole('button', { name: 'Accept theirs' }).tap();
  await expect(b.page.getByRole('status')).toHaveText('Your final score was submitted. Waiting for the other side to agree.');

  // Alice's page shows Bob's final score without a reload, and one tap settles it.
  await expect(proposalsOf(a.page).getByTestId('their-proposal')).toHaveText(`${b.username} says you won 21–15.`, { timeout: 2500 });
  await proposalsOf(a.page).getByRole('button', { name: 'Accept theirs' }).tap();
  await expect(a.page.getByRole('status')).toHaveText('Dispute resolved. The match is completed.');
  // Settled: the form is gone, on Bob's page too, live.
  await expect(a.page.getByLabel('Your Final Score')).toHaveCount(0);
  await expect(b.page.getByLabel('Your Final Score')).toHaveCount(0);

  // Each reads the outcome in their own words.
  await a.page.goto('/notifications');
  await expect(a.page.getByText('Resolved: you won 21–15 (1v1 match).')).toBeVisible();
  await b.page.goto('/notifications');
  await expect(b.page.getByText('Resolved: you lost 15–21 (1v1 match).')).toBeVisible();
  const [row] = await sql('SELECT status, team_a_score, team_b_score, settled_by FROM matches WHERE id = $1', [created.match_id]);
  expect(row).toEqual({ status: 'completed', team_a_score: 21, team_b_score: 15, settled_by: 'resolved' });
});

test('cancel and leave reach the other lobby live', async ({ browser, request }) => {
  const host = await phonePlayer(browser, request);
  const guest = await phonePlayer(browser, request);
  const created = await (await request.post('/api/create-match-1v1', { ...as(host), data: { ranked: false } })).json();
  expect((await request.post('/api/join-match-1v1', { ...as(guest), data: { match_code: created.match_code } })).ok()).toBe(true);
  await host.page.goto(`/pregame/${created.match_id}?matchType=1v1`);
  await guest.page.goto(`/pregame/${created.match_id}?matchType=1v1`);
  await socketUp(host.page);
  await socketUp(guest.page);
  await expect(host.page.getByTestId('lobby-status')).toHaveText('Ready: you can start the game');

  await guest.page.getByRole('button', { name: 'Leave Match' }).tap();
  await expect(guest.page).toHaveURL('/');
  await expect(host.page.getByTestId('lobby-status')).toHaveText('Waiting for 1 more player', { timeout: 2500 });
  await expect(host.page.getByTestId('players-needed')).toHaveText('1');

  expect((await request.post('/api/join-match-1v1', { ...as(guest), data: { match_code: created.match_code } })).ok()).toBe(true);
  await guest.page.goto(`/pregame/${created.match_id}?matchType=1v1`);
  await socketUp(guest.page);
  await expect(guest.page.getByRole('button', { name: 'Leave Match' })).toBeVisible();
  await host.page.getByRole('button', { name: 'Cancel Match' }).tap();
  await expect(guest.page.getByText('This match was cancelled.')).toBeVisible({ timeout: 2500 });
  await expect(guest.page.getByRole('button', { name: 'Leave Match' })).toBeHidden();
});
