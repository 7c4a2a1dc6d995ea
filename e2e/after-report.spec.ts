import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { BOTH_THEMES, axeViolations } from './support/axe';
import { apiSignup, openLoggedIn, sql } from './support/stack';

/**
 * After the own report and in a dispute, on a phone (issue 47, items 3, 5 and 7): the lobby says
 * what this side reported and whom it waits for, the report page gives way to the lobby (Back does
 * not return to the form), the other side's report completes it with the result on screen; the
 * dispute is one card that one tap each settles, and the form goes once it is settled; push is
 * offered in the lobby and after the first report, once.
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const as = (p: { token: string }) => ({ headers: { Authorization: `Bearer ${p.token}` } });
const socketUp = (page: Page) => expect.poll(() => page.evaluate(() => (window as unknown as { __gotnextSocketConnected?: boolean }).__gotnextSocketConnected)).toBe(true);

async function phonePlayer(browser: Browser, request: APIRequestContext, path = '/') {
  const p = await apiSignup(request);
  const page = await (await browser.newContext(PHONE)).newPage();
  await openLoggedIn(page, p, path);
  return { ...p, page };
}

/** A started pickup 1v1 (game to 5) between two phones. */
async function startedMatch(browser: Browser, request: APIRequestContext, paths: [string, string]) {
  const a = await phonePlayer(browser, request, paths[0]);
  const b = await phonePlayer(browser, request, paths[1]);
  const created = await (await request.post('/api/create-match-1v1', { ...as(a), data: { ranked: false } })).json();
  expect((await request.post('/api/join-match-1v1', { ...as(b), data: { match_code: created.match_code } })).ok()).toBe(true);
  expect((await request.post(`/api/start-match/${created.match_id}`, { ...as(a), data: {} })).ok()).toBe(true);
  return { a, b, id: created.match_id as number, lobby: `/pregame/${created.match_id}?matchType=1v1` };
}

test('after reporting, the lobby says so and Back skips the form; the other report completes it with the result on screen', async ({ browser, request }) => {
  const { a, b, id, lobby } = await startedMatch(browser, request, ['/stats', '/stats']);
  const lobbyUrl = new RegExp(`/pregame/${id}\\?matchType=1v1$`);

  // Alice opens the lobby from /stats; the started game sends her on to the scoreboard, where she
  // chooses to report the score the old way (docs/product.md#scoreboard).
  await a.page.goto(lobby);
  await expect(a.page).toHaveURL(new RegExp(`/scoreboard/${id}$`));
  await a.page.getByRole('link', { name: 'Report the final score instead' }).tap();
  await expect(a.page).toHaveURL(new RegExp(`/report-score/${id}\\?matchType=1v1$`));
  await a.page.getByLabel('Your Score', { exact: true }).fill('5');
  await a.page.getByLabel("Opponent's Score").fill('3');
  await a.page.getByRole('button', { name: 'Submit Score' }).tap();
  await a.page.getByRole('button', { name: 'Submit', exact: true }).tap();
  await expect(a.page.getByRole('status')).toHaveText('Score reported. Waiting for the other side to report.');
  // After the first report: push is offered, small and dismissible.
  const prompt = a.page.getByRole('complementary', { name: 'Notifications on this device' });
  await expect(prompt).toContainText(`Get a notification when ${b.username} reports`);

  // Then the lobby, in place of the report page.
  await expect(a.page).toHaveURL(lobbyUrl, { timeout: 8000 });
  await expect(a.page.getByTestId('lobby-status')).toHaveText(`In progress · You reported 5–3 · waiting for ${b.username}`);
  await expect(a.page.getByRole('link', { name: 'Change my report' })).toBeVisible();
  await expect(a.page.getByRole('link', { name: 'Report Score' })).toHaveCount(0);
  await expect(a.page.getByRole('term').filter({ hasText: /^Status$/ })).toHaveCount(0);
  await expect(prompt).toBeVisible();
  for (const target of [prompt.getByRole('button', { name: 'Turn on' }), prompt.getByRole('button', { name: 'Not now' }), a.page.getByRole('link', { name: 'Change my report' })]) {
    const box = (await target.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  }
  expect(await axeViolations(a.page, { schemes: BOTH_THEMES })).toEqual([]);

  // Back leaves the lobby for the scoreboard she came from, never the form.
  await a.page.goBack();
  await expect(a.page).toHaveURL(new RegExp(`/scoreboard/${id}$`));
  await a.page.goForward();
  await expect(a.page).toHaveURL(lobbyUrl);

  // Change my report opens the form holding her report; Keep my report returns without a change.
  await a.page.getByRole('link', { name: 'Change my report' }).tap();
  await expect(a.page.getByLabel('Your Score', { exact: true })).toHaveValue('5');
  await expect(a.page.getByLabel("Opponent's Score")).toHaveValue('3');
  expect(await axeViolations(a.page, { schemes: BOTH_THEMES })).toEqual([]);
  await a.page.getByRole('link', { name: 'Keep my report' }).tap();
  await expect(a.page).toHaveURL(lobbyUrl);

  // Not now: gone, and it stays gone on this phone.
  await prompt.getByRole('button', { name: 'Not now' }).tap();
  await expect(prompt).toHaveCount(0);
  await a.page.reload();
  await expect(a.page.getByTestId('lobby-status')).toContainText('You reported 5–3');
  await expect(prompt).toHaveCount(0);
  await socketUp(a.page);

  // Bob reports the same score on his phone: the result reaches both screens and stays there.
  await b.page.goto(lobby);
  await expect(b.page).toHaveURL(new RegExp(`/scoreboard/${id}$`));
  await b.page.getByRole('link', { name: 'Report the final score instead' }).tap();
  await expect(b.page).toHaveURL(new RegExp(`/report-score/${id}`));
  await b.page.getByLabel('Your Score', { exact: true }).fill('3');
  await b.page.getByLabel("Opponent's Score").fill('5');
  await b.page.getByRole('button', { name: 'Submit Score' }).tap();
  await b.page.getByRole('button', { name: 'Submit', exact: true }).tap();
  await expect(b.page.getByTestId('result-summary')).toHaveText(`You lost 3–5 vs ${a.username}`);
  await expect(a.page.getByTestId('result-summary')).toHaveText(`You won 5–3 vs ${b.username}`);
  await expect(a.page.getByTestId('lobby-status')).toHaveText('Completed');
  await expect(b.page).toHaveURL(lobbyUrl, { timeout: 8000 });
  await expect(b.page.getByTestId('result-summary')).toHaveText(`You lost 3–5 vs ${a.username}`);
  await expect(a.page).toHaveURL(lobbyUrl);
  await expect(a.page.getByTestId('result-summary')).toBeVisible();
});

test('the dispute card: both claims in words with the deadline, Accept theirs on each side settles it and the form goes', async ({ browser, request }) => {
  const { a, b, id } = await startedMatch(browser, request, ['/', '/']);
  expect((await request.post('/api/report-score-1v1', { ...as(a), data: { match_id: id, user_score: 5, opponent_score: 3 } })).ok()).toBe(true);
  expect((await request.post('/api/report-score-1v1', { ...as(b), data: { match_id: id, user_score: 5, opponent_score: 2 } })).ok()).toBe(true);

  for (const p of [a, b]) {
    await p.page.goto(`/resolve-dispute/${id}`);
    await socketUp(p.page);
  }
  const cardOf = (p: Page) => p.getByRole('region', { name: 'The dispute' });
  await expect(cardOf(a.page).getByTestId('their-proposal')).toHaveText(`${b.username} says they won 5–2.`);
  await expect(cardOf(a.page).getByTestId('my-proposal')).toHaveText('You said you won 5–3.');
  await expect(cardOf(a.page).getByTestId('dispute-deadline')).toHaveText(/^Agree by .+\. After that, ops settle it: they set a score or void the match\.$/);
  await expect(cardOf(a.page).getByRole('button', { name: 'Keep mine' })).toBeVisible();
  await expect(cardOf(a.page).getByRole('button', { name: 'Propose another' })).toBeVisible();
  expect(await axeViolations(a.page, { schemes: BOTH_THEMES })).toEqual([]);

  // Alice takes Bob's word; she waits for him on the same page, live.
  await cardOf(a.page).getByRole('button', { name: 'Accept theirs' }).tap();
  await expect(a.page.getByRole('status')).toHaveText('Your final score was submitted. Waiting for the other side to agree.');
  await expect(cardOf(a.page)).toContainText(`Your final score is in. Waiting for ${b.username} to agree.`);
  await expect(cardOf(b.page).getByTestId('their-proposal')).toHaveText(`${a.username} says you won 5–2.`);

  // Bob's one tap settles it: no form on either phone, each reads the result.
  await cardOf(b.page).getByRole('button', { name: 'Accept theirs' }).tap();
  await expect(b.page.getByRole('status')).toHaveText('Dispute resolved. The match is completed.');
  for (const p of [a, b]) {
    await expect(cardOf(p.page)).toHaveCount(0);
    await expect(p.page.getByLabel('Your Final Score')).toHaveCount(0);
  }
  await expect(a.page.getByTestId('result-summary')).toHaveText(`You lost 2–5 vs ${b.username}`);
  await expect(b.page).toHaveURL(new RegExp(`/pregame/${id}\\?matchType=1v1$`), { timeout: 8000 });
  await expect(b.page.getByTestId('result-summary')).toHaveText(`You won 5–2 vs ${a.username}`);
  const [row] = await sql('SELECT status, team_a_score, team_b_score FROM matches WHERE id = $1', [id]);
  expect(row).toEqual({ status: 'completed', team_a_score: 2, team_b_score: 5 });
});
