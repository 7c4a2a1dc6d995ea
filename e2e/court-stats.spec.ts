import { expect, test, type APIRequestContext } from '@playwright/test';
import { COURT_STATS_MSG, ROUTES, routePath, type RouteDef } from '@gotnext/shared';
import { axeViolations } from './support/axe';
import { openLoggedIn, sql } from './support/stack';
import { verifiedPlayer, type Signed } from './support/ranked';

/**
 * A court's busy hours and leaders (docs/courts.md#busy-hours, #court-leaders): a phone watching a
 * court page sees the heat map fill and the Court Legend appear once a ranked game made from the
 * queue there is reported, without a reload; the page passes axe; the Legend's profile names the title.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function api(request: APIRequestContext, p: Signed, route: RouteDef, params: Record<string, number> = {}, data: object = {}) {
  const url = routePath(route.path, params);
  const res =
    route.method === 'GET'
      ? await request.get(url, { headers: { Authorization: `Bearer ${p.token}` } })
      : await request.post(url, { headers: { Authorization: `Bearer ${p.token}` }, data });
  if (!res.ok()) throw new Error(`${route.method} ${url}: ${res.status()} ${await res.text()}`);
  return res.json();
}

test('after a ranked game from the queue, the court page shows the busy hours and the Court Legend; the profile shows the title', async ({ page, request }) => {
  test.setTimeout(120_000);
  const [host, guest, watcher] = [await verifiedPlayer(request), await verifiedPlayer(request), await verifiedPlayer(request)];
  const name = `Stats Park ${Date.now()}`;
  const added = await api(request, host, ROUTES.addCourt, {}, { name, lat: 41.88, lng: -87.63, indoor: false, hoops: 1, game_size: 1 });
  const courtId = added.court.court_id as number;
  await sql(`UPDATE courts SET status = 'approved' WHERE id = $1`, [courtId]);

  await openLoggedIn(page, watcher, `/court/${courtId}`);
  await expect(page.getByTestId('court-legend')).toHaveText(COURT_STATS_MSG.noLegend);
  await expect(page.getByTestId('busiest')).toHaveText(COURT_STATS_MSG.noCheckins);
  await expect(page.getByText('America/Chicago'.replace('_', ' '))).toBeVisible();

  // Two players run a 1v1 from the queue through the API (the four-phone flow is courts.spec.ts).
  await api(request, host, ROUTES.courtCheckIn, { courtId }, {});
  const { code } = await api(request, host, ROUTES.courtCode, { courtId });
  await api(request, guest, ROUTES.courtCheckIn, { courtId }, { code });
  for (const p of [host, guest]) await api(request, p, ROUTES.courtJoinQueue, { courtId });
  await api(request, host, ROUTES.courtCallNext, { courtId });
  await api(request, host, ROUTES.courtConfirm, { courtId });
  const { match_id: matchId } = await api(request, guest, ROUTES.courtConfirm, { courtId });
  expect(matchId).toEqual(expect.any(Number));
  const [{ creator_id: creatorId }] = await sql<{ creator_id: number }>(`SELECT creator_id FROM matches WHERE id = $1`, [matchId]);
  const creator = creatorId === host.userId ? host : guest;
  const other = creator === host ? guest : host;
  await api(request, creator, ROUTES.startMatch, { matchId }, {});
  await api(request, creator, ROUTES.reportScore1v1, {}, { match_id: matchId, user_score: 21, opponent_score: 15 });
  await api(request, other, ROUTES.reportScore1v1, {}, { match_id: matchId, user_score: 15, opponent_score: 21 });

  // Both played one ranked game here, first at the same time: the smaller id is the Legend.
  const legend = host.userId < guest.userId ? host : guest;
  await expect(page.getByTestId('court-legend')).toContainText(`${legend.username} · 4.`);
  await expect(page.getByTestId('court-legend')).toContainText('1 ranked game here');
  await expect(page.getByTestId('busiest')).toHaveText(/^Busiest: (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d/);
  await expect(page.getByRole('img', { name: 'Check-ins by day and hour' })).toBeVisible();
  await expect(page.getByTestId('court-king')).toHaveText(COURT_STATS_MSG.noKing);

  expect(await axeViolations(page, { schemes: ['light', 'dark'], seriousOnly: true })).toEqual([]);

  await page.getByTestId('court-legend').getByRole('link', { name: legend.username }).tap();
  await expect(page).toHaveURL(new RegExp(`/profile/${legend.userId}$`));
  await expect(page.getByRole('list', { name: 'Court titles' })).toHaveText(`Court Legend · ${name}`);
});
