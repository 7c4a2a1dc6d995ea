import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiSignup, openLoggedIn, sql } from './support/stack';

/** A verified player (no ID screen yet: set as issue #3's verification will) in their own browser context. */
async function playerPage(browser: Browser, request: import('@playwright/test').APIRequestContext, path = '/') {
  const p = await apiSignup(request);
  await sql('UPDATE users SET email_verified = true, id_verified = true WHERE id = $1', [p.userId]);
  const context = await browser.newContext();
  const page = await context.newPage();
  await openLoggedIn(page, p, path);
  return { ...p, page };
}

/** Pushes reach this tab (socket up); the lobby then does not poll, so updates must be live. */
const socketUp = (page: Page) => expect.poll(() => page.evaluate(() => (window as unknown as { __gotnextSocketConnected?: boolean }).__gotnextSocketConnected)).toBe(true);

test('two players play a ranked 1v1 from create to a rating change, the lobby updating live', async ({ browser, request }) => {
  const alice = await playerPage(browser, request, '/create-match');
  const bob = await playerPage(browser, request, '/join-match');

  await alice.page.getByLabel('Match Type').selectOption('1v1');
  await alice.page.getByLabel('Ranked Match').check();
  await expect(alice.page.getByLabel('Scoring Type')).toHaveValue('1s & 2s to 5');
  await alice.page.getByLabel('Scoring Type').selectOption('1s & 2s to 11');
  await alice.page.getByRole('button', { name: 'Create Match' }).click();
  await expect(alice.page.getByText('Waiting for players to join match. Share this code')).toBeVisible();
  await expect(alice.page.getByRole('button', { name: 'Create Another Match' })).toBeVisible();
  const code = (await alice.page.getByLabel('Match code').textContent())!.trim();
  expect(code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
  await alice.page.getByRole('link', { name: 'Go to Lobby' }).click();
  await expect(alice.page).toHaveURL(/\/pregame\/\d+\?matchType=1v1$/);
  // The status in words (no raw status row beside them).
  await expect(alice.page.getByTestId('lobby-status')).toHaveText('Waiting for 1 more player');
  await expect(alice.page.getByTestId('players-needed')).toHaveText('1');
  await expect(alice.page.getByRole('button', { name: 'Start Game' })).toBeDisabled();
  await socketUp(alice.page);

  await bob.page.getByLabel('Match Code').fill(code.toLowerCase());
  await bob.page.getByRole('button', { name: 'Join Match' }).click();
  await expect(bob.page).toHaveURL(/\/pregame\/\d+\?matchType=1v1$/);
  await expect(bob.page.getByRole('region', { name: 'Opponent' })).toContainText(alice.username);

  // Alice's lobby changes without a reload, well inside one 3000 ms polling interval.
  await expect(alice.page.getByTestId('players-needed')).toHaveText('0', { timeout: 2500 });
  await expect(alice.page.getByTestId('lobby-status')).toHaveText('Ready: you can start the game');
  await expect(alice.page.getByRole('region', { name: 'Opponent' })).toContainText(bob.username);
  await expect(bob.page.getByRole('button', { name: 'Start Game' })).toBeDisabled();
  // Read the id before starting: the start's push can move the page on before the click returns.
  const matchId = /\/pregame\/(\d+)/.exec(alice.page.url())![1];
  await alice.page.getByRole('button', { name: 'Start Game' }).click();
  // The game leads to its live scoreboard; these two report the score the old way, from there.
  for (const p of [alice.page, bob.page]) {
    await expect(p).toHaveURL(new RegExp(`/scoreboard/${matchId}$`));
    await p.getByRole('link', { name: 'Report the final score instead' }).click();
    await expect(p).toHaveURL(new RegExp(`/report-score/${matchId}\\?matchType=1v1$`));
  }

  await alice.page.getByLabel('Your Score', { exact: true }).fill('11');
  await alice.page.getByLabel("Opponent's Score").fill('6');
  await alice.page.getByRole('button', { name: 'Submit Score' }).click();
  await alice.page.getByRole('button', { name: 'Submit', exact: true }).click(); // the review step: 11–6 fits a game to 11
  await expect(alice.page.getByRole('button', { name: 'Submitted' })).toBeDisabled();
  expect(await alice.page.evaluate((id) => localStorage.getItem(`matchReported_${id}`), matchId)).toBe('true');

  await bob.page.getByRole('button', { name: 'Submit Score' }).click();
  await expect(bob.page.getByRole('alert')).toHaveText("Please enter both your score and the opponent's score.");
  await bob.page.getByLabel('Your Score', { exact: true }).fill('6');
  await bob.page.getByLabel("Opponent's Score").fill('11');
  await bob.page.getByRole('button', { name: 'Submit Score' }).click();
  await bob.page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(bob.page.getByRole('status')).toHaveText('Scores match. The match is completed.');
  // After 2 s the lobby, now showing the final score.
  await expect(bob.page).toHaveURL(/\/pregame\//, { timeout: 5000 });
  await expect(bob.page.getByTestId('lobby-status')).toHaveText('Completed');

  // The rating job has run: Alice's stats show a rating above the starting 4.000 and her win.
  await expect.poll(async () => (await sql<{ n: number }>('SELECT count(*)::int AS n FROM rating_events WHERE match_id = $1', [Number(matchId)]))[0].n).toBe(2);
  await alice.page.goto('/stats');
  const rating = alice.page.getByLabel('Rating', { exact: true });
  await expect(rating).toHaveText(/^\d\.\d{3}/);
  const shown = Number((await rating.textContent())!.slice(0, 5));
  expect(shown).toBeGreaterThan(4);
  await expect(alice.page.getByLabel('Wins')).toHaveText('1');
  await expect(alice.page.getByLabel('Games Played')).toHaveText('1');
  await expect(alice.page.getByRole('list', { name: 'Match history' })).toContainText(bob.username);
  await alice.page.getByRole('button', { name: 'Show Full History' }).click();
  const dialog = alice.page.getByRole('dialog');
  await expect(dialog).toContainText('11 – 6');
  await dialog.getByLabel('Match Type').selectOption('2v2');
  await expect(dialog).toContainText('No match history available.');

  const bobProfile = await bob.page.goto(`/profile/${bob.userId}`);
  expect(bobProfile?.ok()).toBe(true);
  await expect(bob.page.getByLabel('Losses')).toHaveText('1');
  await expect(bob.page.getByLabel('Rating', { exact: true })).toHaveText(/^[0-3]\.\d{3}/);
});

test('four players fill a 2v2 lobby and all reach the scoreboard when the creator starts', async ({ browser, request }) => {
  const creator = await playerPage(browser, request, '/create-match');
  await creator.page.getByLabel('Match Type').selectOption('2v2');
  await creator.page.getByRole('button', { name: 'Create Match' }).click();
  const code = (await creator.page.getByLabel('Match code').textContent())!.trim();
  // Without a click the lobby opens by itself.
  await expect(creator.page).toHaveURL(/\/pregame\/\d+\?matchType=2v2$/, { timeout: 8000 });
  await socketUp(creator.page);

  const others = [];
  for (let i = 0; i < 3; i += 1) {
    const p = await playerPage(browser, request, '/join-match');
    await p.page.getByLabel('Match Code').fill(code);
    await p.page.getByRole('button', { name: 'Join Match' }).click();
    await expect(p.page).toHaveURL(/\/pregame\/\d+\?matchType=2v2$/);
    others.push(p);
  }
  const teamA = creator.page.getByRole('region', { name: 'Team A' });
  const teamB = creator.page.getByRole('region', { name: 'Team B' });
  await expect(teamA).toContainText(others[0].username);
  await expect(teamB).toContainText(others[1].username);
  await expect(teamB).toContainText(others[2].username);
  await expect(creator.page.getByTestId('lobby-status')).toHaveText('Ready: you can start the game');
  await expect(others[0].page.getByRole('button', { name: 'Start Game' })).toBeDisabled();
  await creator.page.getByRole('button', { name: 'Start Game' }).click();

  for (const p of [creator, ...others]) {
    await expect(p.page).toHaveURL(/\/scoreboard\/\d+$/);
    await expect(p.page.getByRole('region', { name: 'Team B' })).toContainText(others[2].username);
  }
  // The report pages stay for a game kept on paper, one tap from the scoreboard.
  await others[1].page.getByRole('link', { name: 'Report the final score instead' }).click();
  await expect(others[1].page).toHaveURL(/\/report-score\/\d+\?matchType=2v2$/);
  await expect(others[1].page.getByLabel('Team A Score')).toBeVisible();
  await expect(others[1].page.getByRole('region', { name: 'Team B' })).toContainText(others[2].username);
});

test('a disagreement becomes a dispute that both players settle on the resolve page', async ({ browser, request }) => {
  const a = await playerPage(browser, request);
  const b = await playerPage(browser, request);
  const as = (p: { token: string }) => ({ headers: { Authorization: `Bearer ${p.token}` } });
  const created = await (await request.post('/api/create-match-1v1', { ...as(a), data: { ranked: false } })).json();
  expect((await request.post('/api/join-match-1v1', { ...as(b), data: { match_code: created.match_code } })).ok()).toBe(true);
  expect((await request.post(`/api/start-match/${created.match_id}`, { ...as(a), data: {} })).ok()).toBe(true);

  for (const [p, mine, theirs] of [
    [a, '11', '4'],
    [b, '11', '9'],
  ] as const) {
    await p.page.goto(`/report-score/${created.match_id}?matchType=1v1`);
    await p.page.getByLabel('Your Score', { exact: true }).fill(mine);
    await p.page.getByLabel("Opponent's Score").fill(theirs);
    await p.page.getByRole('button', { name: 'Submit Score' }).click();
    // The review step: 11 in this game to 5 does not fit, so it asks again (Submit anyway).
    await p.page.getByRole('button', { name: /^Submit( anyway)?$/ }).click();
    await expect(p.page.getByRole('button', { name: 'Submitted' })).toBeDisabled();
    if (p === b) await expect(b.page.getByRole('status')).toHaveText('The reported scores do not match. The match is now disputed.');
    // The report page opens the lobby 2 s after a report; opening the next page before that
    // raced the app's own navigation (the test's goto was aborted when it landed first).
    await expect(p.page).not.toHaveURL(/\/report-score\//, { timeout: 5000 });
  }

  await a.page.goto(`/resolve-dispute/${created.match_id}`);
  // Each side's report, from A's point of view: A said 11-4 for A, B said 11-9 for B.
  const card = a.page.getByRole('region', { name: 'The dispute' });
  await expect(card.getByTestId('their-proposal')).toHaveText(`${b.username} says they won 11–9.`);
  await expect(card.getByTestId('my-proposal')).toHaveText('You said you won 11–4.');
  await a.page.getByRole('button', { name: 'Submit Final Score' }).click();
  await expect(a.page.getByRole('alert')).toHaveText('Please fill out all fields before submitting.');
  await a.page.getByLabel('Your Final Score').fill('11');
  await a.page.getByLabel("Opponent's Final Score").fill('9');
  await a.page.getByRole('button', { name: 'Submit Final Score' }).click();
  await expect(a.page.getByRole('status')).toHaveText('Your final score was submitted. Waiting for the other side to agree.');

  await b.page.goto(`/resolve-dispute/${created.match_id}`);
  await b.page.getByLabel('Your Final Score').fill('9');
  await b.page.getByLabel("Opponent's Final Score").fill('11');
  await b.page.getByRole('button', { name: 'Submit Final Score' }).click();
  await expect(b.page.getByRole('status')).toHaveText('Dispute resolved. The match is completed.');
  // Then the match's page with the result, in place of the dispute page.
  await expect(b.page).toHaveURL(new RegExp(`/pregame/${created.match_id}\\?matchType=1v1$`), { timeout: 5000 });
  await expect(b.page.getByTestId('result-summary')).toHaveText(`You lost 9–11 vs ${a.username}`);
  const [row] = await sql<{ status: string; team_a_score: number; team_b_score: number }>('SELECT status, team_a_score, team_b_score FROM matches WHERE id = $1', [
    created.match_id,
  ]);
  expect(row).toEqual({ status: 'completed', team_a_score: 11, team_b_score: 9 });
});

test('while the socket cannot connect the lobby polls, so a player joining still shows up', async ({ browser, request }) => {
  const creator = await apiSignup(request);
  const joiner = await apiSignup(request);
  const as = (p: { token: string }) => ({ headers: { Authorization: `Bearer ${p.token}` } });
  const created = await (await request.post('/api/create-match-1v1', { ...as(creator), data: { ranked: false } })).json();

  const page = await (await browser.newContext()).newPage();
  // No live channel at all: the websocket is closed at once and long-polling is refused.
  await page.routeWebSocket(/socket\.io/, (ws) => ws.close());
  await page.route(/\/socket\.io\//, (route) => route.abort());
  await openLoggedIn(page, creator, `/pregame/${created.match_id}?matchType=1v1`);
  await expect(page.getByTestId('players-needed')).toHaveText('1');
  expect(await page.evaluate(() => (window as unknown as { __gotnextSocketConnected: boolean }).__gotnextSocketConnected)).toBe(false);

  expect((await request.post('/api/join-match-1v1', { ...as(joiner), data: { match_code: created.match_code } })).ok()).toBe(true);
  await expect(page.getByTestId('players-needed')).toHaveText('0', { timeout: 10_000 });
  await expect(page.getByTestId('lobby-status')).toHaveText('Ready: you can start the game');
  await expect(page.getByRole('region', { name: 'Opponent' })).toContainText(joiner.username);
  await expect(page.getByRole('button', { name: 'Start Game' })).toBeEnabled();
});
