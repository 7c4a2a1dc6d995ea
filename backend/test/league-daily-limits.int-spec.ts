import request from 'supertest';
import { LEAGUE_DAILY_LIMITS, MSG, ROUTES } from '@gotnext/shared';
import { useTestApp, type TestEnv } from './support/harness';
import { auth, player, type Player } from './support/matches';
import { createLeague, declineInvite, invite, joinLeague, leagueName } from './support/leagues';
import { addMatchHistory } from './support/league-matches';

/**
 * One player's leagues created, invites sent and past matches added are limited per 24 hours
 * (docs/leagues.md#daily-limits), counted in Redis across both API instances; past a limit the
 * answer is 429 in plain words with Retry-After, nothing is written, and a refused write does not count.
 */
describe('daily limits on league writes', () => {
  let env: TestEnv;
  let one: string;
  let two: string;
  useTestApp({ apis: 2 }, (started) => {
    env = started.env;
    [one, two] = started.apis.map((a) => a.url);
  });
  const count = async (sql: string, params: unknown[]) => (await env.sql<{ n: number }>(sql, params))[0].n;

  it('league creation: the limit across instances, a refused name not counted', async () => {
    const p = await player(env, one);
    const taken = await createLeague(one, p);
    // A name already taken is refused (409) and takes nothing from the day's count.
    await request(two).post(ROUTES.createLeague.path).set(auth(p)).send({ name: taken.name }).expect(409);
    for (let i = 1; i < LEAGUE_DAILY_LIMITS.leaguesCreated; i += 1) await createLeague(i % 2 ? two : one, p);
    const res = await request(one).post(ROUTES.createLeague.path).set(auth(p)).send({ name: leagueName() });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: MSG.leagueCreateDailyLimit('24 hours') });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(await count('SELECT count(*)::int AS n FROM leagues WHERE creator_id = $1', [p.userId])).toBe(LEAGUE_DAILY_LIMITS.leaguesCreated);
    // Another player is not held back.
    await createLeague(two, await player(env, two));
  });

  it('invites: every invite sent counts, over every league', async () => {
    const [admin, guest] = [await player(env, one), await player(env, one)];
    const league = await createLeague(one, admin);
    for (let i = 0; i < LEAGUE_DAILY_LIMITS.invitesSent; i += 1) {
      await invite(i % 2 ? two : one, admin, league.league_id, guest).expect(201);
      await declineInvite(one, guest, league.league_id).expect(200);
    }
    const res = await invite(one, admin, league.league_id, guest);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: MSG.leagueInviteDailyLimit('24 hours') });
    expect(await count('SELECT count(*)::int AS n FROM league_invites WHERE league_id = $1 AND invitee_id = $2', [league.league_id, guest.userId])).toBe(0);
  });

  it('past matches added: the limit, then 429 with nothing recorded', async () => {
    const admin = await player(env, one);
    const rival: Player = await player(env, one);
    const league = await createLeague(one, admin);
    await joinLeague(one, rival, league.league_id).expect(200);
    const body = {
      league_id: league.league_id,
      matchType: '1v1',
      scoringType: '1s & 2s to 11',
      participants: [admin.userId, rival.userId],
      finalScore: { [admin.username]: 11, [rival.username]: 7 },
    };
    for (let i = 0; i < LEAGUE_DAILY_LIMITS.pastMatchesAdded; i += 1) await addMatchHistory(i % 2 ? two : one, admin, body).expect(201);
    const res = await addMatchHistory(one, admin, body);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: MSG.historyDailyLimit('24 hours') });
    expect(await count('SELECT count(*)::int AS n FROM matches WHERE league_id = $1', [league.league_id])).toBe(LEAGUE_DAILY_LIMITS.pastMatchesAdded);
  });
});
