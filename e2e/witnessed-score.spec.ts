import { expect, test, type Browser, type Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { apiSignup, openLoggedIn, sql } from './support/stack';
import { smallTapTargets } from './support/tap-targets';

/**
 * A witnessed score (issue 45, docs/product.md#scoreboard): two scorers' phones keep a game to 11
 * live, a friend follows it from the spectator link, one phone loses its signal for a few points
 * (and is reloaded meanwhile), and the match completes by itself when both streams agree: each
 * player reads "You won" / "You lost" without typing a score.
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'allow' as const };

async function phone(browser: Browser) {
  const context = await browser.newContext(PHONE);
  return { context, page: await context.newPage() };
}

const socketUp = (page: Page) => expect.poll(() => page.evaluate(() => (window as unknown as { __gotnextSocketConnected?: boolean }).__gotnextSocketConnected)).toBe(true);
const score = (page: Page, team: string) => page.getByRole('region', { name: team }).getByTestId('team-score');

/** The installed app's worker holds the precache and this scoreboard's page, so a reload offline opens it. */
async function keptForOffline(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(async () => Boolean(await (await caches.open('scoreboard-pages')).match(location.pathname)))).toBe(true);
}

test('two scorer phones and a spectator: a game to 11 live, a phone offline and reloaded, the result confirmed by itself', async ({ browser, request }) => {
  const alice = await apiSignup(request);
  const bob = await apiSignup(request);
  const as = (p: { token: string }) => ({ headers: { Authorization: `Bearer ${p.token}` } });
  const created = await (await request.post('/api/create-match-1v1', { ...as(alice), data: { ranked: false, scoringType: '1s & 2s to 11' } })).json();
  expect((await request.post('/api/join-match-1v1', { ...as(bob), data: { match_code: created.match_code } })).ok()).toBe(true);
  const matchId: number = created.match_id;

  const a = await phone(browser);
  const b = await phone(browser);
  await openLoggedIn(a.page, alice, `/pregame/${matchId}?matchType=1v1`);
  await openLoggedIn(b.page, bob, `/pregame/${matchId}?matchType=1v1`);
  await socketUp(a.page);
  await socketUp(b.page);

  // Before Start: one scorer per team, each player for their own side.
  for (const p of [a.page, b.page]) {
    const scorers = p.getByRole('region', { name: 'Scorers' });
    await expect(scorers).toContainText(alice.username);
    await expect(scorers).toContainText(bob.username);
  }
  await a.page.getByRole('button', { name: 'Start Game' }).tap();
  for (const p of [a.page, b.page]) await expect(p).toHaveURL(new RegExp(`/scoreboard/${matchId}$`));
  await socketUp(b.page);

  // The spectator opens the public link, logged in to nothing.
  const link = await a.page.getByLabel('Spectator link').inputValue();
  expect(link).toMatch(/\/watch\/[A-Za-z0-9_-]+$/);
  await expect(a.page.getByRole('img', { name: 'QR code of the spectator link' })).toBeVisible();
  const s = await phone(browser);
  await s.page.goto(link);
  await expect(score(s.page, alice.username)).toHaveText('0');

  // The board: names, the game in words, big buttons; axe-clean; every tap target ≥ 44 px.
  await expect(a.page.getByText('Game to 11 · baskets count 1 and 2')).toBeVisible();
  const big = await a.page.getByRole('button', { name: `+2 ${alice.username}` }).boundingBox();
  expect(Math.min(big!.width, big!.height)).toBeGreaterThanOrEqual(88);
  expect(await axeViolations(a.page)).toEqual([]);
  expect(await smallTapTargets(a.page, ['main button', 'main a[href]', 'main input', 'main select'])).toEqual([]);
  expect(await smallTapTargets(s.page, ['main button', 'main a[href]', 'main input'])).toEqual([]);

  /** Both scorers tap the same basket, as two witnesses of one game would; each phone shows its own count at once. */
  const basket = async (team: string, points: 1 | 2, phones: Page[] = [a.page, b.page]) => {
    for (const p of phones) await p.getByRole('button', { name: `+${points} ${team}` }).tap();
  };
  await basket(alice.username, 2);
  await basket(bob.username, 1);
  await basket(alice.username, 2);
  await basket(bob.username, 2);
  await basket(alice.username, 1);
  for (const p of [a.page, b.page, s.page]) {
    await expect(score(p, alice.username)).toHaveText('5');
    await expect(score(p, bob.username)).toHaveText('3');
  }

  // Bob's phone loses its signal: he keeps scoring, the screen says so and counts what waits.
  await keptForOffline(b.page);
  await b.context.setOffline(true);
  const sync = b.page.getByTestId('score-sync');
  await expect(sync).toContainText('Offline');
  await basket(alice.username, 2);
  await basket(bob.username, 2);
  await basket(alice.username, 2);
  await expect(sync).toContainText('3 points waiting to sync');
  await expect(score(b.page, alice.username)).toHaveText('9');
  // Alice's taps reach the spectator live; Bob's only lag, so nobody is told they differ.
  await expect(score(s.page, alice.username)).toHaveText('9');
  await expect(score(s.page, bob.username)).toHaveText('5');
  await expect(a.page.getByText(/You differ from/)).toHaveCount(0);

  // A reload with no signal: the worker serves the page, the phone keeps the score and the taps.
  await b.page.reload();
  await expect(score(b.page, alice.username)).toHaveText('9');
  await expect(score(b.page, bob.username)).toHaveText('5');
  await expect(b.page.getByTestId('score-sync')).toContainText('3 points waiting to sync');

  // Back online: the waiting points go by themselves, in order, once each.
  await b.context.setOffline(false);
  await expect(b.page.getByTestId('score-sync')).toHaveCount(0);

  // The last basket on both phones: the streams agree on 11–5 and the match completes itself.
  await basket(alice.username, 2);
  await expect(a.page.getByTestId('result-summary')).toContainText('You won 11–5');
  await expect(b.page.getByTestId('result-summary')).toContainText('You lost 5–11');
  await expect(s.page.getByText(`Final: ${alice.username} 11–5 ${bob.username} · ${alice.username} won`)).toBeVisible();
  for (const p of [a.page, b.page]) await expect(p.getByRole('spinbutton')).toHaveCount(0);

  // Stored once each: two streams of nine taps, no point doubled by the resend.
  const [row] = await sql<{ status: string; team_a_score: number; team_b_score: number }>('SELECT status, team_a_score, team_b_score FROM matches WHERE id = $1', [matchId]);
  expect(row).toEqual({ status: 'completed', team_a_score: 11, team_b_score: 5 });
  const view = await (await request.get(`/api/matches/${matchId}/scoreboard`, as(alice))).json();
  const perScorer = (id: number) => view.events.filter((e: { scorer: number }) => e.scorer === id).length;
  expect([perScorer(alice.userId), perScorer(bob.userId)]).toEqual([9, 9]);
  expect(new Set(view.events.map((e: { clientEventId: string }) => e.clientEventId)).size).toBe(18);

  for (const c of [a.context, b.context, s.context]) await c.close();
});
