import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiSignup, openLoggedIn } from './support/stack';

/** League matches as members play them (docs/product.md#league-matches). */

const as = (token: string) => ({ Authorization: `Bearer ${token}` });
/** Pushes reach this tab (socket up), so live screens do not poll: what changes now came by push. */
const socketUp = (page: Page) => expect.poll(() => page.evaluate(() => (window as unknown as { __gotnextSocketConnected?: boolean }).__gotnextSocketConnected)).toBe(true);

async function playerPage(browser: Browser, request: APIRequestContext, path = '/') {
  const p = await apiSignup(request);
  const page = await (await browser.newContext()).newPage();
  await openLoggedIn(page, p, path);
  return { ...p, page };
}

/** A league run by `admin` that `others` joined (the league screens have their own spec). */
async function leagueOf(request: APIRequestContext, admin: { token: string; userId: number; username: string }, others: { token: string; userId: number }[]) {
  const res = await request.post('/api/leagues', { data: { name: `Run ${admin.username.slice(-8)}`, is_private: false, creator_id: admin.userId }, headers: as(admin.token) });
  const leagueId = (await res.json()).league.league_id as number;
  for (const p of others) expect((await request.post('/api/leagues/join', { data: { league_id: leagueId, user_id: p.userId }, headers: as(p.token) })).status()).toBe(200);
  return leagueId;
}

const leaderboardRows = (page: Page) => page.getByRole('region', { name: 'League Leaderboard' }).getByRole('row');

test('two members play a league 1v1 from /clm through the lobby (invite link, QR, review step, result card), and the league leaderboard changes on the league page without a reload', async ({
  browser,
  request,
}) => {
  const alice = await playerPage(browser, request);
  const bob = await playerPage(browser, request);
  const leagueId = await leagueOf(request, alice, [bob]);

  // A third tab (Alice's phone) stays on the league page the whole time.
  const watcher = await (await browser.newContext()).newPage();
  await openLoggedIn(watcher, { token: alice.token, userId: alice.userId }, `/league/${leagueId}`);
  await expect(watcher.getByText('No players to display.')).toBeVisible();
  await expect(watcher.getByText('No recent matches available.')).toBeVisible();
  await socketUp(watcher);

  // Alice creates the match from the league page.
  await alice.page.goto(`/league/${leagueId}`);
  await alice.page.getByRole('link', { name: 'Create League Match' }).click();
  await expect(alice.page).toHaveURL(new RegExp(`/clm/${leagueId}$`));
  await expect(alice.page.getByLabel('Match Type')).toHaveValue('1v1');
  await expect(alice.page.getByLabel('Scoring Type')).toHaveValue('1s & 2s to 5');
  await alice.page.getByLabel('Scoring Type').selectOption('1s & 2s to 11');
  await alice.page.getByRole('button', { name: 'Create Match' }).click();
  const share = alice.page.getByText(/^Waiting for players to join match\. Share this code: [A-Z2-9]{6}$/);
  await expect(share).toBeVisible();
  const code = (await share.textContent())!.slice(-6);
  await alice.page.getByRole('link', { name: 'Go to Lobby' }).click();
  await expect(alice.page.getByRole('heading', { name: 'League Pregame Lobby' })).toBeVisible();
  await expect(alice.page.getByText('Waiting for an opponent to join...')).toBeVisible();
  await expect(alice.page.getByRole('button', { name: 'Start Game' })).toBeDisabled();
  // The lobby in words and the invite of any match: the league's join page with the code, its QR, Share.
  await expect(alice.page.getByTestId('lobby-status')).toHaveText('Waiting for 1 more player');
  await expect(alice.page.getByText('Only the match creator can start the match.')).toHaveCount(0);
  await expect(alice.page.getByLabel('Invite link')).toHaveValue(new RegExp(`/join-league-match/${leagueId}\\?code=${code}$`));
  await expect(alice.page.getByRole('img', { name: `QR code of the invite link for match ${code}` })).toBeVisible();
  await expect(alice.page.getByRole('button', { name: 'Share' })).toBeVisible();
  await socketUp(alice.page);

  // Bob joins by code from the league page.
  await bob.page.goto(`/league/${leagueId}`);
  await bob.page.getByRole('link', { name: 'Join League Match' }).click();
  await bob.page.getByRole('button', { name: 'Join Match' }).click();
  await expect(bob.page.getByRole('alert')).toHaveText('Please enter a match code.');
  await bob.page.getByLabel('Match Code').fill(code.toLowerCase());
  await bob.page.getByRole('button', { name: 'Join Match' }).click();
  await expect(bob.page.getByRole('heading', { name: 'League Pregame Lobby' })).toBeVisible();
  await expect(bob.page.getByRole('region', { name: 'Opponent' })).toContainText(alice.username);
  await expect(bob.page.getByRole('button', { name: 'Start Game' })).toBeDisabled();
  await expect(bob.page.getByText('Only the match creator can start the match.')).toBeVisible();

  // Alice sees him arrive live and starts; both land on the report page.
  await expect(alice.page.getByRole('region', { name: 'Opponent' })).toContainText(bob.username);
  await alice.page.getByRole('button', { name: 'Start Game' }).click();
  await expect(alice.page).toHaveURL(/\/lmreportscore\/\d+\?matchType=1v1$/);
  await expect(bob.page).toHaveURL(/\/lmreportscore\/\d+\?matchType=1v1$/);

  await alice.page.getByRole('button', { name: 'Submit Score' }).click();
  await expect(alice.page.getByRole('alert')).toHaveText("Please enter both your score and your opponent's score.");
  // The target, and the review step before the score is sent.
  await expect(alice.page.getByTestId('score-target')).toHaveText('1s & 2s to 11 · Game to 11');
  await alice.page.getByLabel('Your Score').fill('11');
  await alice.page.getByLabel("Opponent's Score").fill('7');
  await alice.page.getByRole('button', { name: 'Submit Score' }).click();
  await expect(alice.page.getByText(`You 11 – ${bob.username} 7: submit?`)).toBeVisible();
  await alice.page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(alice.page.getByRole('status')).toHaveText('Score reported. Waiting for the other side to report.');
  await bob.page.getByLabel('Your Score').fill('7');
  await bob.page.getByLabel("Opponent's Score").fill('11');
  await bob.page.getByRole('button', { name: 'Submit Score' }).click();
  await expect(bob.page.getByText(`You 7 – ${alice.username} 11: submit?`)).toBeVisible();
  await bob.page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(bob.page.getByRole('status')).toHaveText('Scores match. The match is completed.');
  // Both read the result card in their own words on the league lobby, as after an overall match.
  await expect(bob.page).toHaveURL(/\/lmpregame\/\d+\?matchType=1v1$/);
  await expect(bob.page.getByTestId('result-summary')).toHaveText(`You lost 7–11 vs ${alice.username}`);
  await expect(bob.page.getByRole('button', { name: 'Rematch' })).toBeVisible();
  await expect(bob.page.getByRole('button', { name: 'Share result' })).toBeVisible();
  await expect(bob.page.getByRole('link', { name: 'Back to the league' })).toHaveAttribute('href', `/league/${leagueId}`);
  // Alice went back to the lobby once she had reported; her result arrived there live.
  await expect(alice.page).toHaveURL(/\/lmpregame\/\d+\?matchType=1v1$/);
  await expect(alice.page.getByTestId('result-summary')).toHaveText(`You won 11–7 vs ${bob.username}`);

  // The watcher's league page changes by itself: standings from the league pool, and the match in Recent Matches.
  const rows = leaderboardRows(watcher);
  await expect(rows).toHaveCount(3, { timeout: 20_000 }); // header + two players
  await expect(rows.nth(1)).toContainText(alice.username);
  await expect(rows.nth(1)).toContainText('1-0');
  await expect(rows.nth(2)).toContainText(bob.username);
  await expect(rows.nth(2)).toContainText('0-1');
  const aliceRating = Number((await rows.nth(1).getByRole('cell').nth(2).textContent())!);
  expect(aliceRating).toBeGreaterThan(4);
  const recent = watcher.getByRole('region', { name: 'Recent Matches' });
  await expect(recent.getByTestId('final-score')).toHaveText('11 - 7');
  await expect(recent.getByTestId('winner')).toHaveText(alice.username);
  // The search box filters without renumbering.
  await watcher.getByPlaceholder('Search for a player...').fill(bob.username);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1).getByRole('cell').first()).toHaveText('2');
});

test('an organiser adds a past 2v2 through the modal and it appears in Recent Matches', async ({ browser, request }) => {
  const org = await playerPage(browser, request);
  const others = [await apiSignup(request), await apiSignup(request), await apiSignup(request)];
  const leagueId = await leagueOf(request, org, others);
  const page = org.page;
  await page.goto(`/league/${leagueId}`);
  await expect(page.getByText('No recent matches available.')).toBeVisible();

  await page.getByRole('button', { name: 'Add Match', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Match to History' });
  await expect(dialog.getByLabel('Player 1 Score')).toBeVisible();
  await dialog.getByLabel(others[0].username, { exact: true }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('For a 1v1 match, please select exactly two participants.');
  // Closing resets the form.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Add Match', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Add Match to History' });
  await expect(dialog.getByLabel(others[0].username, { exact: true })).not.toBeChecked();

  await dialog.getByLabel('Game Type').selectOption('2v2');
  await dialog.getByLabel('Scoring Type').selectOption('1s & 2s to 11');
  for (const p of [org, others[0], others[1]]) await dialog.getByLabel(p.username, { exact: true }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('For a 2v2 match, please select exactly 4 participants.');
  await dialog.getByLabel(others[2].username, { exact: true }).check();
  // The first half picked is Team A.
  await expect(dialog.getByRole('region', { name: 'Team A preview' })).toContainText(`${org.username}, ${others[0].username}`);
  await expect(dialog.getByRole('region', { name: 'Team B preview' })).toContainText(`${others[1].username}, ${others[2].username}`);
  await dialog.getByLabel('Team A Score').fill('11');
  await dialog.getByLabel('Team B Score').fill('8');
  const yesterday = new Date(Date.now() - 24 * 3600 * 1000 - new Date().getTimezoneOffset() * 60000).toISOString().slice(0, 16);
  await dialog.getByLabel('Date Played').fill(yesterday);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Match history added successfully.')).toBeVisible();

  const recent = page.getByRole('region', { name: 'Recent Matches' });
  await expect(recent.getByRole('listitem')).toHaveCount(1);
  await expect(recent).toContainText('2v2');
  await expect(recent.getByTestId('final-score')).toHaveText('11 - 8');
  await expect(recent.getByTestId('winner')).toHaveText(`${org.username} and ${others[0].username}`);
  // Rated in the league's pool: four players on its leaderboard.
  await expect(leaderboardRows(page)).toHaveCount(5, { timeout: 20_000 });
});
