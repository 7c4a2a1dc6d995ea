import type { LeagueDetails, LeagueHistoryItem } from '@gotnext/shared';
import { useTestApp, type TestEnv } from './support/harness';
import { player, type Player } from './support/matches';
import { createLeague, getLeague, invite, joinLeague } from './support/leagues';
import { addMatchHistory, leagueHistory } from './support/league-matches';

/**
 * The league's own page carries its completed matches (docs/leagues.md#league-history): a public
 * league's to anyone, visitors included, a private one's to its members only, shaped exactly as the
 * members' history call shapes them.
 */
describe('GET /api/leagues/{id}: match_history', () => {
  let env: TestEnv;
  let url: string;
  useTestApp({}, (app) => {
    env = app.env;
    url = app.apis[0].url;
  });

  let admin: Player;
  let member: Player;
  let outsider: Player;
  beforeAll(async () => {
    admin = await player(env, url);
    member = await player(env, url);
    outsider = await player(env, url);
  });

  async function leagueWithOneMatch(isPrivate: boolean) {
    const leagueId = (await createLeague(url, admin, { isPrivate })).league_id;
    if (isPrivate) await invite(url, admin, leagueId, member).expect(201);
    await joinLeague(url, member, leagueId).expect(200);
    const added = await addMatchHistory(url, admin, {
      league_id: leagueId,
      matchType: '1v1',
      scoringType: '1s & 2s to 11',
      participants: [admin.userId, member.userId],
      finalScore: { [admin.username]: 11, [member.username]: 7 },
    }).expect(201);
    return { leagueId, matchId: added.body.match_id as number };
  }
  const details = async (viewer: Player | null, leagueId: number): Promise<LeagueDetails> => (await getLeague(url, viewer, leagueId).expect(200)).body.league;

  it('a public league: a visitor and a non-member see the completed matches, shaped as the history call shapes them', async () => {
    const { leagueId, matchId } = await leagueWithOneMatch(false);
    const fromHistory = (await leagueHistory(url, member, leagueId).expect(200)).body.match_history;
    const visitor = await details(null, leagueId);
    expect(visitor.match_history.map((m) => m.match_id)).toEqual([matchId]);
    expect(visitor.match_history[0]).toMatchObject({ status: 'completed', matchType: '1v1', team_a_score: 11, team_b_score: 7, winners_usernames: [admin.username] });
    // The viewer played none of them: no outcome, nothing to contest.
    expect(visitor.match_history[0]).toMatchObject({ outcome: null, can_contest: false });
    expect((await details(outsider, leagueId)).match_history).toEqual(visitor.match_history);
    // A member gets exactly what the history call gives them, own outcome included (the local
    // date follows each call's timezone: Chicago here, UTC there).
    const local = ({ date_time_local: _, ...rest }: LeagueHistoryItem) => rest;
    expect((await details(member, leagueId)).match_history.map(local)).toEqual(fromHistory.map(local));
    expect(fromHistory[0].outcome).toBe('Loss');
  });

  it('a private league: its members see the history; a visitor and an outsider get 404; an invitee sees none', async () => {
    const { leagueId, matchId } = await leagueWithOneMatch(true);
    expect((await details(member, leagueId)).match_history.map((m) => m.match_id)).toEqual([matchId]);
    expect((await details(admin, leagueId)).match_history[0].outcome).toBe('Win');
    await getLeague(url, null, leagueId).expect(404);
    await getLeague(url, outsider, leagueId).expect(404);
    await invite(url, admin, leagueId, outsider).expect(201);
    const invitee = await details(outsider, leagueId);
    expect(invitee.viewer.is_member).toBe(false);
    expect(invitee.match_history).toEqual([]);
  });

  it('a league without completed matches carries an empty list', async () => {
    const leagueId = (await createLeague(url, admin)).league_id;
    expect((await details(null, leagueId)).match_history).toEqual([]);
  });
});
