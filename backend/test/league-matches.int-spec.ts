import request from 'supertest';
import type { Socket } from 'socket.io-client';
import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MATCH_TYPES, MSG, displayRating, leaguePool, rooms, type LeagueLeaderboardEntry, type MatchType } from '@gotnext/shared';
import { useTestApp, type TestEnv } from './support/harness';
import { auth, createMatch, eventually, join, player, report, start, type Player } from './support/matches';
import { createLeague, joinLeague, leaveLeague, updateSettings } from './support/leagues';
import {
  createLeagueMatch,
  createLeagueMatchCall,
  joinLeagueMatch,
  leagueDisputeDetails,
  leagueHistory,
  leagueJoinTeam,
  leagueLeaderboard,
  leagueMatchDetails,
  leagueReport,
  leagueResolve,
  leagueStart,
} from './support/league-matches';
import { connectSocket, socketReady } from './support/sockets';
import { checkRatingsAgainstReplay } from '../src/ratings/rating-replay-check';
import { MatchDeadlinesHandler } from '../src/matches/match-deadlines.handler';

/**
 * League matches on the one match engine (docs/leagues.md#league-matches), across two API
 * instances and the worker: every type from create to the league rating, the overall pool left
 * alone, permissions, rooms, a dispute that ends, and the live standings push.
 */
describe('league matches', () => {
  let env: TestEnv;
  let one: string;
  let two: string;
  let db: DataSource;
  let worker: INestApplicationContext;
  const sockets: Socket[] = [];
  useTestApp({ apis: 2, beforeClose: () => sockets.forEach((s) => s.close()) }, (app) => {
    env = app.env;
    one = app.apis[0].url;
    two = app.apis[1].url;
  });
  beforeAll(async () => {
    worker = await env.startWorker();
    db = worker.get<DataSource>(DataSource);
  });

  async function socketOf(url: string, p: Player): Promise<Socket> {
    const s = connectSocket(url, p.token);
    sockets.push(s);
    await socketReady(s);
    return s;
  }
  const joinRoom = (s: Socket, room: string) => new Promise<{ ok: boolean }>((ok) => s.emit('room:join', room, ok));
  const overall = () => env.sql<{ user_id: number; rating: number; games: number }>(`SELECT user_id, rating, games FROM ratings WHERE pool = 'overall' ORDER BY user_id`);

  /** A league run by `admin` with `n` more members. */
  async function leagueWith(n: number, verified = true) {
    const admin = await player(env, one, verified);
    const league = await createLeague(one, admin);
    const members: Player[] = [];
    for (let i = 0; i < n; i += 1) {
      const p = await player(env, one, verified);
      await joinLeague(two, p, league.league_id).expect(200);
      members.push(p);
    }
    return { admin, leagueId: league.league_id, members, all: [admin, ...members] };
  }

  /** Plays a full league match of `type` among `players` (creator first): Team A wins 11–`b`. */
  async function play(leagueId: number, type: MatchType, players: Player[], b = 7) {
    const size = Number(type[0]);
    const [creator, ...rest] = players.slice(0, 2 * size);
    const m = await createLeagueMatch(one, creator, leagueId, type);
    for (const p of rest) await joinLeagueMatch(two, p, leagueId, m.match_code.toLowerCase()).expect(200);
    const lobby = (await leagueMatchDetails(two, creator, m.match_id).expect(200)).body;
    expect(lobby).toMatchObject({ status: 'ready', players_needed: 0, league_id: leagueId, match_type: type });
    await leagueStart(one, creator, m.match_id).expect(200);
    const teamA = lobby.teamA.map((p: { user_id: number }) => p.user_id);
    const teamB = lobby.teamB.map((p: { user_id: number }) => p.user_id);
    const a = players.find((p) => p.userId === teamA[0])!;
    const bSide = players.find((p) => p.userId === teamB[0])!;
    if (type === '1v1') {
      await leagueReport(one, a, leagueId, m.match_id, type, 11, b, { opponentId: bSide.userId }).expect(200);
      const done = await leagueReport(two, bSide, leagueId, m.match_id, type, b, 11, { opponentId: a.userId }).expect(200);
      expect(done.body).toEqual({ message: MSG.scoreAgreed, status: 'completed' });
    } else {
      await leagueReport(one, a, leagueId, m.match_id, type, 11, b, { teamA, teamB }).expect(200);
      const done = await leagueReport(two, bSide, leagueId, m.match_id, type, 11, b, { teamA, teamB }).expect(200);
      expect(done.body.status).toBe('completed');
    }
    return { matchId: m.match_id, teamA, teamB };
  }

  it('plays every type in a league from create to the league rating, never touching the overall pool', async () => {
    const { admin, leagueId, members, all } = await leagueWith(9);
    // Two of them have an overall history first: the league starts them at their overall rating.
    const m0 = await createMatch(one, admin, '1v1', { ranked: true, scoringType: '1s & 2s to 21' });
    await join(one, members[0], '1v1', m0.match_code).expect(200);
    await start(one, admin, m0.match_id).expect(200);
    await report(one, admin, '1v1', m0.match_id, 21, 10).expect(200);
    await report(two, members[0], '1v1', m0.match_id, 10, 21).expect(200);
    await eventually(async () => (await env.sql(`SELECT 1 FROM rating_events WHERE pool = 'overall'`)).length === 2, 15000);
    const overallBefore = await overall();
    const adminOverall = overallBefore.find((r) => r.user_id === admin.userId)!.rating;
    expect(adminOverall).toBeGreaterThan(1500);

    const played: number[] = [];
    for (const type of MATCH_TYPES) played.push((await play(leagueId, type, all, MATCH_TYPES.indexOf(type) + 2)).matchId);
    const pool = leaguePool(leagueId);
    await eventually(async () => (await env.sql(`SELECT DISTINCT match_id FROM rating_events WHERE pool = $1`, [pool])).length === 5, 20000);

    // The admin's first league match started them at their overall rating, not at 1500.
    const [first] = await env.sql<{ before: number }>(`SELECT before FROM rating_events WHERE pool = $1 AND match_id = $2 AND user_id = $3`, [pool, played[0], admin.userId]);
    expect(first.before).toBe(adminOverall);
    // Overall ratings are exactly as before, and no league match has an overall event.
    expect(await overall()).toEqual(overallBefore);
    expect(await env.sql(`SELECT 1 FROM rating_events WHERE pool = 'overall' AND match_id = ANY($1::int[])`, [played])).toHaveLength(0);

    const board: LeagueLeaderboardEntry[] = (await leagueLeaderboard(two, members[3], leagueId).expect(200)).body.players;
    expect(board).toHaveLength(10);
    expect(board.map((e) => e.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const stored = await env.sql<{ user_id: number; rating: number; wins: number; losses: number }>(
      `SELECT user_id, rating, wins, losses FROM ratings WHERE pool = $1 ORDER BY rating DESC, games DESC, user_id`,
      [pool],
    );
    expect(board.map((e) => [e.user_id, e.league_rating, e.record])).toEqual(stored.map((s) => [s.user_id, displayRating(s.rating), `${s.wins}-${s.losses}`]));
    expect(board[0].league_rating).toMatch(/^\d\.\d{3}$/);
    // Creator, always on Team A, won all five.
    expect(board.find((e) => e.user_id === admin.userId)!.record).toBe('5-0');

    const history = (await leagueHistory(one, admin, leagueId).expect(200)).body.match_history;
    expect(history.map((h: { match_id: number }) => h.match_id)).toEqual([...played].reverse());
    expect(history[0]).toMatchObject({ match_type: '5v5', status: 'completed', team_a_score: 11, team_b_score: 6, outcome: 'Win' });
    expect(history[4]).toMatchObject({ match_type: '1v1', final_scores: { user_score: 11, opponent_score: 2 }, winner: admin.username, winners_usernames: [admin.username] });

    expect(await checkRatingsAgainstReplay(db)).toMatchObject({ differences: [] });
  });

  it('refuses what the league does not allow, and keeps codes to their own league', async () => {
    const { admin, leagueId, members } = await leagueWith(3);
    const [m1, m2, m3] = members;
    const outsider = await player(env, one);
    const other = await leagueWith(1);

    // allow_member_matches off: only the administrator (and holders of can_create_match_history) create.
    await updateSettings(one, admin, leagueId, { allow_member_matches: false }).expect(200);
    expect((await createLeagueMatchCall(one, m1, leagueId, '1v1').expect(403)).body).toEqual({ message: MSG.noLeagueMatchRight });
    expect((await createLeagueMatchCall(one, outsider, leagueId, '1v1').expect(403)).body).toEqual({ message: MSG.leagueMembersOnly });
    expect((await createLeagueMatchCall(one, admin, leagueId, '6v6').expect(400)).body).toEqual({ message: MSG.invalidMatchType });
    await updateSettings(one, admin, leagueId, { allow_member_matches: true }).expect(200);
    await createLeagueMatchCall(one, m1, leagueId, '1v1').expect(201);

    const m = await createLeagueMatch(one, admin, leagueId, '2v2');
    // A non-member cannot join, nor join its room; nor can the overall join find a league code.
    expect((await joinLeagueMatch(two, outsider, leagueId, m.match_code).expect(403)).body).toEqual({ message: MSG.leagueMembersOnly });
    expect((await join(two, outsider, '2v2', m.match_code).expect(404)).body).toEqual({ message: MSG.matchNotFound });
    // A code from another league is refused.
    expect((await joinLeagueMatch(two, other.members[0], other.leagueId, m.match_code).expect(403)).body).toEqual({ message: MSG.leagueMatchOtherLeague });
    expect((await joinLeagueMatch(two, m1, leagueId, 'ZZZZZZ').expect(404)).body).toEqual({ message: MSG.matchNotFound });
    const outsiderSocket = await socketOf(two, outsider);
    expect(await joinRoom(outsiderSocket, rooms.match(m.match_id))).toMatchObject({ ok: false });
    expect((await leagueMatchDetails(one, outsider, m.match_id).expect(403)).body).toEqual({ message: MSG.leagueMembersOnly });

    // verified_players_only: an unverified member is refused.
    await updateSettings(one, admin, leagueId, { verified_players_only: true }).expect(200);
    await env.sql(`UPDATE users SET id_verified = false WHERE id = $1`, [m3.userId]);
    expect((await joinLeagueMatch(two, m3, leagueId, m.match_code).expect(403)).body).toEqual({ message: MSG.leagueMatchesVerifiedOnly });
    await updateSettings(one, admin, leagueId, { verified_players_only: false }).expect(200);

    await joinLeagueMatch(two, m1, leagueId, m.match_code).expect(200);
    await joinLeagueMatch(one, m2, leagueId, m.match_code).expect(200);
    const socket = await socketOf(one, m2);
    expect(await joinRoom(socket, rooms.match(m.match_id))).toEqual({ ok: true });
    // Change Team: m1 moves to Team B; the last slot goes to Team A; then the other team is full.
    const moved = (await leagueJoinTeam(two, m1, m.match_id).expect(200)).body;
    expect(moved.teamB.map((p: { user_id: number }) => p.user_id).sort()).toEqual([m1.userId, m2.userId].sort());
    await joinLeagueMatch(one, m3, leagueId, m.match_code).expect(200);
    expect((await leagueJoinTeam(two, m1, m.match_id).expect(409)).body).toEqual({ message: MSG.teamFull });
    expect((await leagueStart(two, m1, m.match_id).expect(403)).body).toEqual({ message: MSG.onlyMatchCreatorStarts });

    // A player who left the league is out of the room.
    await leaveLeague(one, m2, leagueId).expect(200);
    const again = await socketOf(two, m2);
    expect(await joinRoom(again, rooms.match(m.match_id))).toMatchObject({ ok: false });

    await leagueStart(one, admin, m.match_id).expect(200);
    // The report payloads' own checks, in the spec's words.
    const raw = (b: Record<string, unknown>) =>
      request(one)
        .post('/api/leagues/report-score')
        .set(auth(admin))
        .send({ match_id: m.match_id, matchType: '2v2', team_1_score: 3, ...b });
    expect((await raw({}).expect(400)).body).toEqual({ message: MSG.leagueIdMissing });
    expect((await raw({ league_id: leagueId }).expect(400)).body).toEqual({ message: MSG.reportBothTeams });
    expect((await raw({ league_id: leagueId, team_2_score: 'x' }).expect(400)).body).toEqual({ message: MSG.invalidScoreFormat });
    expect((await raw({ league_id: leagueId, team_2_score: 1, matchType: '1v1' }).expect(400)).body).toEqual({ message: MSG.invalidMatchType });
    expect((await leagueReport(one, admin, other.leagueId, m.match_id, '2v2', 3, 1).expect(404)).body).toEqual({ message: MSG.matchNotFound });
  });

  it('ends a dispute: dispute-league notices, final scores agreed, league_dispute_resolved, rated, and pushes the standings live', async () => {
    const { admin, leagueId, members } = await leagueWith(1);
    const [bob] = members;
    const watcher = await socketOf(two, admin);
    expect(await joinRoom(watcher, rooms.league(leagueId))).toEqual({ ok: true });
    const changes: unknown[] = [];
    watcher.on('league:changed', (p) => changes.push(p));

    const m = await createLeagueMatch(one, admin, leagueId, '1v1');
    await joinLeagueMatch(two, bob, leagueId, m.match_code).expect(200);
    await leagueStart(one, admin, m.match_id).expect(200);
    expect((await leagueReport(one, admin, leagueId, m.match_id, '1v1', 5, 3).expect(400)).body).toEqual({ message: MSG.opponentMissing });
    await leagueReport(one, admin, leagueId, m.match_id, '1v1', 11, 5, { opponentId: bob.userId }).expect(200);
    const disputed = await leagueReport(two, bob, leagueId, m.match_id, '1v1', 11, 9, { opponentId: admin.userId }).expect(200);
    expect(disputed.body.status).toBe('disputed');
    // My matches lists it with the league's own dispute page (docs/matches.md#my-matches).
    const mine = (await request(one).get('/api/my-matches').set(auth(bob)).expect(200)).body.matches;
    expect(mine).toEqual([
      expect.objectContaining({ match_id: m.match_id, scope: 'league', league_id: leagueId, step: 'resolve', path: `/league-dispute/${m.match_id}?league_id=${leagueId}` }),
    ]);
    const notices = await env.sql<{ user_id: number; type: string; league_id: number }>(`SELECT user_id, type, league_id FROM notifications WHERE match_id = $1 ORDER BY user_id`, [
      m.match_id,
    ]);
    expect(notices.filter((n) => n.type === 'dispute-league').map((n) => [n.user_id, n.league_id])).toEqual(
      [
        [admin.userId, leagueId],
        [bob.userId, leagueId],
      ].sort((x, y) => x[0] - y[0]),
    );

    const details = (await leagueDisputeDetails(one, admin, m.match_id, leagueId).expect(200)).body;
    expect(details).toMatchObject({
      league_id: leagueId,
      match_type: '1v1',
      userReportedScore: { user_score: 11, opponent_score: 5 },
      opponentReportedScore: { user_score: 11, opponent_score: 9 },
      final_scores: null,
    });
    expect(details.reports).toHaveLength(2);
    const half = await request(one).post('/api/resolve-league-dispute').set(auth(admin)).send({ match_id: m.match_id, league_id: leagueId, user_score: 11 }).expect(400);
    expect(half.body).toEqual({ message: MSG.leagueDisputeBoth });

    expect((await leagueResolve(one, admin, leagueId, m.match_id, '1v1', 11, 7).expect(200)).body.status).toBe('disputed');
    const settled = await leagueResolve(two, bob, leagueId, m.match_id, '1v1', 7, 11).expect(200);
    expect(settled.body).toEqual({ message: MSG.disputeResolved, status: 'completed' });
    const resolvedNotices = await env.sql(`SELECT 1 FROM notifications WHERE match_id = $1 AND type = 'league_dispute_resolved' AND league_id = $2`, [m.match_id, leagueId]);
    expect(resolvedNotices).toHaveLength(2);
    // The bell's Resolve League Dispute is finished.
    expect(await env.sql(`SELECT 1 FROM notifications WHERE match_id = $1 AND type = 'dispute-league' AND NOT (dispute_resolved AND match_completed)`, [m.match_id])).toHaveLength(
      0,
    );

    await eventually(async () => (await leagueLeaderboard(one, bob, leagueId).expect(200)).body.players.length === 2, 15000);
    const board = (await leagueLeaderboard(one, bob, leagueId)).body.players as LeagueLeaderboardEntry[];
    expect(board.map((e) => [e.username, e.record])).toEqual([
      [admin.username, '1-0'],
      [bob.username, '0-1'],
    ]);
    // Once on settlement (history) and once when the pool was rated (standings).
    await eventually(async () => changes.length >= 2, 15000);
    expect(changes[0]).toEqual({ league_id: leagueId });
    // The leaderboard is for members only.
    const outsider = await player(env, one);
    expect((await leagueLeaderboard(one, outsider, leagueId).expect(403)).body).toEqual({ message: MSG.leagueMembersOnly });
    expect((await leagueLeaderboard(one, outsider, 99999).expect(404)).body).toEqual({ message: MSG.leagueNotFound });
  });

  it('keeps the engine deadlines: a lone report stands at 48 h and is rated in the league pool; a dispute left 72 h goes to ops, and left by ops 7 more days is voided and never rated', async () => {
    const deadlines = worker.get(MatchDeadlinesHandler);
    const { admin, leagueId, members } = await leagueWith(1);
    const [bob] = members;
    const hoursAgo = (column: string, id: number, h: number) => env.sql(`UPDATE matches SET ${column} = now() - ($2::int * interval '1 hour') WHERE id = $1`, [id, h]);
    const started = async () => {
      const m = await createLeagueMatch(one, admin, leagueId, '1v1');
      await joinLeagueMatch(two, bob, leagueId, m.match_code).expect(200);
      await leagueStart(one, admin, m.match_id).expect(200);
      return m.match_id;
    };

    const lone = await started();
    await leagueReport(one, admin, leagueId, lone, '1v1', 11, 3, { opponentId: bob.userId }).expect(200);
    await hoursAgo('started_at', lone, 49);
    expect(await deadlines.handle({ kind: 'single-report', matchId: lone })).toBe('completed');
    await eventually(async () => (await env.sql(`SELECT 1 FROM rating_events WHERE pool = $1 AND match_id = $2`, [leaguePool(leagueId), lone])).length === 2, 15000);
    expect(await env.sql(`SELECT 1 FROM rating_events WHERE pool = 'overall' AND match_id = $1`, [lone])).toHaveLength(0);

    const stuck = await started();
    await leagueReport(one, admin, leagueId, stuck, '1v1', 11, 3, { opponentId: bob.userId }).expect(200);
    await leagueReport(two, bob, leagueId, stuck, '1v1', 11, 3, { opponentId: admin.userId }).expect(200);
    await hoursAgo('disputed_at', stuck, 73);
    // As every dispute: 72 h to the ops' queue, voided when ops leave it 7 more days (docs/matches.md#moderation).
    expect(await deadlines.handle({ kind: 'void-dispute', matchId: stuck })).toBe('moderation');
    await hoursAgo('moderation_since', stuck, 7 * 24 + 1);
    expect(await deadlines.handle({ kind: 'moderation-void', matchId: stuck })).toBe('voided');
    const history = (await leagueHistory(one, bob, leagueId).expect(200)).body.match_history as { match_id: number }[];
    expect(history.map((h) => h.match_id)).toEqual([lone]);
    // The void reaches the pool too (a job runs for it): still only the lone report's match is rated.
    await eventually(async () => (await env.sql(`SELECT 1 FROM rating_events WHERE pool = $1`, [leaguePool(leagueId)])).length === 2, 15000);
    expect(await checkRatingsAgainstReplay(db)).toMatchObject({ differences: [] });
  });
});
