import request from 'supertest';
import { MSG, NOTIFICATION_TYPES, notificationAction, type NotificationItem } from '@gotnext/shared';
import { useTestApp, type TestEnv } from './support/harness';
import { auth, createMatch, join, player, report, start, type Player } from './support/matches';
import { createLeague, joinLeague, updateSettings } from './support/leagues';
import { createLeagueMatch, joinLeagueMatch, leagueMatchDetails, leagueReport, leagueStart } from './support/league-matches';

const rematch = (url: string, p: Player, matchId: number) => request(url).post(`/api/leagues/rematch/${matchId}`).set(auth(p)).send({ user_id: p.userId });

/** Rematch of a league match (docs/leagues.md#league-matches): a new match of the same league, with the league's rights. */
describe('league rematch', () => {
  let env: TestEnv;
  let url: string;
  useTestApp({}, (app) => {
    env = app.env;
    url = app.apis[0].url;
  });

  const matchCount = async () => Number((await env.sql<{ n: string }>('SELECT count(*) AS n FROM matches'))[0].n);

  /** A completed league 1v1 of `ann` (creator, won 11–7) against `bob`. */
  async function playedLeagueMatch() {
    const [ann, bob] = [await player(env, url), await player(env, url)];
    const league = await createLeague(url, ann);
    await joinLeague(url, bob, league.league_id).expect(200);
    const m = await createLeagueMatch(url, ann, league.league_id, '1v1');
    await joinLeagueMatch(url, bob, league.league_id, m.match_code).expect(200);
    await leagueStart(url, ann, m.match_id).expect(200);
    await leagueReport(url, ann, league.league_id, m.match_id, '1v1', 11, 7, { opponentId: bob.userId }).expect(200);
    await leagueReport(url, bob, league.league_id, m.match_id, '1v1', 7, 11, { opponentId: ann.userId }).expect(200);
    return { ann, bob, leagueId: league.league_id, matchId: m.match_id };
  }

  it('a member rematches a completed league match: a waiting match of the same league, the other player invited to its league join page', async () => {
    const { ann, bob, leagueId, matchId } = await playedLeagueMatch();
    const res = await rematch(url, bob, matchId).expect(201);
    expect(res.body).toMatchObject({ message: MSG.rematchCreated, invited: 1, match_code: expect.stringMatching(/^[A-Z2-9]{6}$/) });
    const lobby = (await leagueMatchDetails(url, bob, res.body.match_id).expect(200)).body;
    expect(lobby).toMatchObject({ league_id: leagueId, status: 'waiting', match_type: '1v1', scoring_type: '1s & 2s to 11', creator_id: bob.userId, ranked: false });

    const notes: NotificationItem[] = (await request(url).get('/api/notifications').set(auth(ann)).expect(200)).body.notifications;
    const invite = notes.find((n) => n.type === NOTIFICATION_TYPES.matchInvite);
    expect(invite).toMatchObject({ league_id: leagueId, message: MSG.rematchInvite(bob.username, '1v1', res.body.match_code) });
    expect(notificationAction(invite!)).toEqual({ label: 'Join Match', to: `/join-league-match/${leagueId}?code=${res.body.match_code}` });
    // Joined as any league match is: by the league's join with its code.
    await joinLeagueMatch(url, ann, leagueId, res.body.match_code).expect(200);
    expect((await leagueMatchDetails(url, ann, res.body.match_id).expect(200)).body.status).toBe('ready');
  });

  it('refuses without the right to create league matches, an outsider, an overall match and an unfinished one; nothing is written', async () => {
    const { ann, bob, leagueId, matchId } = await playedLeagueMatch();
    const before = await matchCount();
    await updateSettings(url, ann, leagueId, { allow_member_matches: 'false' }).expect(200);
    expect((await rematch(url, bob, matchId).expect(403)).body).toEqual({ message: MSG.noLeagueMatchRight });

    const outsider = await player(env, url);
    expect((await rematch(url, outsider, matchId).expect(403)).body).toEqual({ message: MSG.leagueMembersOnly });

    const overall = await createMatch(url, ann, '1v1');
    await join(url, bob, '1v1', overall.match_code).expect(200);
    await start(url, ann, overall.match_id).expect(200);
    await report(url, ann, '1v1', overall.match_id, 11, 7).expect(200);
    await report(url, bob, '1v1', overall.match_id, 7, 11).expect(200);
    expect((await rematch(url, ann, overall.match_id).expect(404)).body).toEqual({ message: MSG.matchNotFound });

    const open = await createLeagueMatch(url, ann, leagueId, '1v1');
    expect((await rematch(url, ann, open.match_id).expect(409)).body).toEqual({ message: MSG.rematchNotCompleted });
    expect(await matchCount()).toBe(before + 2); // the overall match and the open league match only
    const invites = await env.sql('SELECT id FROM notifications WHERE type = $1 AND user_id = ANY($2)', [
      NOTIFICATION_TYPES.matchInvite,
      [ann.userId, bob.userId, outsider.userId],
    ]);
    expect(invites).toEqual([]);
  });
});
