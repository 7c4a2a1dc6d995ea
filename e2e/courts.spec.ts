import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { openLoggedIn, sql } from './support/stack';
import { verifiedPlayer, type Signed } from './support/ranked';

/**
 * Four phones at one court (docs/courts.md): the host opens the run, three check in with the
 * host's code, they queue (one group of two), are called, confirm and land in one lobby with
 * balanced teams; after the report, a fifth phone watching the court page sees the result, all
 * without a reload.
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
const as = (p: { token: string }) => ({ headers: { Authorization: `Bearer ${p.token}` } });

async function phone(browser: Browser, request: APIRequestContext, path: string): Promise<Signed & { page: Page }> {
  const p = await verifiedPlayer(request);
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await openLoggedIn(page, p, path);
  return { ...p, page };
}

test('a run at one court: check in by code, queue with a group, called, confirmed, one lobby, the result on the court page', async ({ browser, request }) => {
  // Five phones (browser contexts) at once on one machine.
  test.setTimeout(180_000);
  const host = await phone(browser, request, '/courts');
  const added = await request.post('/api/courts', {
    ...as(host),
    data: { name: `E2E Park ${Date.now()}`, address: 'Main St', lat: 40.8296, lng: -73.9362, indoor: false, hoops: 1, game_size: 2 },
  });
  expect(added.status()).toBe(201);
  const courtId = (await added.json()).court.court_id as number;
  await sql(`UPDATE courts SET status = 'approved' WHERE id = $1`, [courtId]);
  const path = `/court/${courtId}`;
  const [b, c, d, watcher] = await Promise.all([0, 1, 2, 3].map(() => phone(browser, request, path)));

  await host.page.goto(path);
  await host.page.getByRole('button', { name: 'Check in and host the run' }).tap();
  const code = host.page.getByTestId('host-code');
  await expect(code).toHaveText(/^\d{6}$/);
  await expect(host.page.getByRole('img', { name: 'QR code of the check-in code' })).toBeVisible();

  for (const p of [b, c, d]) {
    await p.page.getByLabel("Host's code").fill((await code.textContent())!);
    await p.page.getByRole('button', { name: 'Check in', exact: true }).tap();
    await expect(p.page.getByRole('button', { name: 'I got next' })).toBeVisible();
  }
  await expect(watcher.page.getByTestId('headcount')).toHaveText('4');

  for (const p of [host, b, c]) {
    await p.page.getByRole('button', { name: 'I got next' }).tap();
    await expect(p.page.getByRole('button', { name: 'Leave the queue' })).toBeVisible();
  }
  // c brings d as a group: d accepts and takes c's place.
  await c.page.getByLabel('Bring a friend').selectOption({ label: d.username });
  await c.page.getByRole('button', { name: 'Invite to my group' }).tap();
  await d.page.getByRole('button', { name: 'Accept' }).tap();
  const queue = watcher.page.getByRole('list', { name: 'Queue' });
  await expect(queue.locator('li')).toHaveText([host.username, b.username, new RegExp(`${c.username} \\+ ${d.username}`)]);

  await host.page.getByRole('button', { name: 'Call next' }).tap();
  for (const p of [host, b, c, d]) {
    await expect(p.page.getByText("You're up: confirm")).toBeVisible();
    await p.page.getByRole('button', { name: 'Confirm' }).tap();
  }
  for (const p of [host, b, c, d]) await expect(p.page).toHaveURL(/\/pregame\/\d+/);
  const matchId = Number(/\/pregame\/(\d+)/.exec(host.page.url())![1]);
  for (const name of [host.username, b.username, c.username, d.username]) await expect(host.page.getByText(name).first()).toBeVisible();

  // The group plays together; the split is the most even one over the ratings.
  const seats = await sql<{ user_id: number; team: string }>(`SELECT user_id, team FROM match_players WHERE match_id = $1`, [matchId]);
  const team = (p: Signed) => seats.find((s) => s.user_id === p.userId)!.team;
  expect(team(c)).toBe(team(d));
  expect(team(host)).toBe(team(b));

  // The game is played and reported; the watching phone's court page shows it without a reload.
  const creator = [host, b, c, d].find((p) => p.userId === seats.find((s) => s.team === 'A')!.user_id)!;
  const other = [host, b, c, d].find((p) => team(p) === 'B')!;
  expect((await request.post(`/api/start-match/${matchId}`, { ...as(creator), data: {} })).ok()).toBe(true);
  for (const p of [creator, other])
    expect((await request.post('/api/report-score-2v2', { ...as(p), data: { match_id: matchId, team_1_score: 11, team_2_score: 7 } })).ok()).toBe(true);
  await expect(watcher.page.getByRole('list', { name: 'Games today' })).toContainText('11–7');
  await expect(watcher.page.getByRole('heading', { name: 'Queue: 0' })).toBeVisible();
});
