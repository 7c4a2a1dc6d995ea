import { DataSource } from 'typeorm';
import request from 'supertest';
import { MSG, NOTIFICATION_TYPES, leaguePool, type LeagueHistoryItem } from '@gotnext/shared';
import { useTestApp, type TestEnv } from './support/harness';
import { eventually, player, type Player } from './support/matches';
import { createLeague, joinLeague, setRights } from './support/leagues';
import {
  addMatchHistory,
  contestMatch,
  createLeagueMatch,
  joinLeagueMatch,
  leagueHistory,
  leagueLeaderboard,
  leagueReport,
  leagueResolve,
  leagueStart,
} from './support/league-matches';
import { checkRatingsAgainstReplay } from '../src/ratings/rating-replay-check';

const HOUR = 3600_000;

/**
 * Past matches added by organisers (docs/leagues.md#adding-a-past-match): rated in the league pool
 * in played order (a past date replays the pool to what a fresh rebuild gives), and contested
 * within 48 h into a league dispute (docs/leagues.md#contesting-a-back-filled-match).
 */
describe('league history: added past matches and contesting them', () => {
  let env: TestEnv;
  let one: string;
  let two: string;
  let db: DataSource;
  let admin: Player;
  let members: Player[];
  let leagueId: number;
  useTestApp({ apis: 2 }, (app) => {
    env = app.env;
    one = app.apis[0].url;
    two = app.apis[1].url;
  });
  beforeAll(async () => {
    const worker = await env.startWorker();
    db = worker.get<DataSource>(DataSource);
    admin = await player(env, one);
    leagueId = (await createLeague(one, admin)).league_id;
    members = [];
    for (let i = 0; i < 4; i += 1) {
      const p = await player(env, one);
      await joinLeague(two, p, leagueId).expect(200);
      members.push(p);
    }
  });

  const pool = () => leaguePool(leagueId);
  const ratedMatches = async () =>
    (await env.sql<{ match_id: number }>(`SELECT DISTINCT match_id FROM rating_events WHERE pool = $1 ORDER BY match_id`, [pool()])).map((r) => r.match_id);
  const history = async (p: Player): Promise<LeagueHistoryItem[]> => (await leagueHistory(one, p, leagueId).expect(200)).body.match_history;

  async function play1v1(a: Player, b: Player, sa: number, sb: number) {
    const m = await createLeagueMatch(one, a, leagueId, '1v1');
    await joinLeagueMatch(two, b, leagueId, m.match_code).expect(200);
    await leagueStart(one, a, m.match_id).expect(200);
    await leagueReport(one, a, leagueId, m.match_id, '1v1', sa, sb, { opponentId: b.userId }).expect(200);
    await leagueReport(two, b, leagueId, m.match_id, '1v1', sb, sa, { opponentId: a.userId }).expect(200);
    return m.match_id;
  }

  it('refuses a wrong selection, a player without the right and a future date, changing nothing', async () => {
    const [m1, m2, m3, m4] = members;
    const base = {
      league_id: leagueId,
      matchType: '2v2',
      scoringType: '1s & 2s to 11',
      participants: [admin.userId, m1.userId, m2.userId, m3.userId],
      finalScore: { teamA: 11, teamB: 4 },
    };
    expect((await addMatchHistory(one, admin, { ...base, matchType: '1v1', finalScore: {} }).expect(400)).body).toEqual({ message: MSG.historyPickTwo });
    expect((await addMatchHistory(one, admin, { ...base, participants: [admin.userId, m1.userId, m2.userId] }).expect(400)).body).toEqual({
      message: 'For a 2v2 match, please select exactly 4 participants.',
    });
    expect((await addMatchHistory(one, admin, { ...base, participants: [admin.userId, m1.userId, m2.userId, m2.userId] }).expect(400)).body).toEqual({
      message: MSG.historyDuplicate,
    });
    const outsider = await player(env, one);
    expect((await addMatchHistory(one, admin, { ...base, participants: [admin.userId, m1.userId, m2.userId, outsider.userId] }).expect(400)).body).toEqual({
      message: MSG.historyNotMembers,
    });
    expect((await addMatchHistory(one, m4, base).expect(403)).body).toEqual({ message: MSG.noHistoryRight });
    expect((await addMatchHistory(one, admin, { ...base, played_at: new Date(Date.now() + 48 * HOUR).toISOString() }).expect(400)).body).toEqual({ message: MSG.playedAtFuture });
    expect((await addMatchHistory(one, admin, { ...base, played_at: 'yesterday-ish' }).expect(400)).body).toEqual({ message: MSG.playedAtInvalid });
    expect((await addMatchHistory(one, admin, { ...base, finalScore: { teamA: 11 } }).expect(400)).body).toEqual({ message: MSG.historyScoresMissing });
    expect((await addMatchHistory(one, admin, { ...base, scoringType: 'first to 3' }).expect(400)).body).toEqual({ message: MSG.invalidScoringType });
    expect(await env.sql(`SELECT 1 FROM matches WHERE league_id = $1`, [leagueId])).toHaveLength(0);
    // A member granted can_create_match_history may add (1v1 scores keyed by the two usernames).
    await setRights(one, admin, leagueId, m4, { can_create_match_history: true });
    const ok = await addMatchHistory(one, m4, {
      ...base,
      matchType: '1v1',
      participants: [m4.userId, m1.userId],
      finalScore: { [m4.username]: 11, [m1.username]: 8 },
      played_at: new Date(Date.now() - 30 * 24 * HOUR).toISOString(),
    }).expect(201);
    expect(ok.body.message).toBe(MSG.historyAdded);
    await eventually(async () => (await ratedMatches()).includes(ok.body.match_id), 15000);
  });

  it('rates a past match in played order: the pool is replayed to exactly what a fresh rebuild gives', async () => {
    const [m1, m2, m3] = members;
    const live1 = await play1v1(admin, m1, 11, 6);
    const live2 = await play1v1(m1, m2, 11, 9);
    await eventually(async () => {
      const r = await ratedMatches();
      return r.includes(live1) && r.includes(live2);
    }, 15000);
    const [beforeBackfill] = await env.sql<{ before: number }>(`SELECT before FROM rating_events WHERE pool = $1 AND match_id = $2 AND user_id = $3`, [
      pool(),
      live1,
      admin.userId,
    ]);

    // Played three days ago: before both live matches.
    const added = await addMatchHistory(one, admin, {
      league_id: leagueId,
      matchType: '2v2',
      scoringType: '1s & 2s to 21',
      participants: [admin.userId, m2.userId, m1.userId, m3.userId],
      finalScore: { teamA: 21, teamB: 12 },
      played_at: new Date(Date.now() - 72 * HOUR).toISOString(),
    }).expect(201);
    const id = added.body.match_id;
    await eventually(async () => (await ratedMatches()).includes(id), 15000);
    // The admin's first live match now starts from where the past match left them.
    const [afterBackfill] = await env.sql<{ before: number }>(`SELECT before FROM rating_events WHERE pool = $1 AND match_id = $2 AND user_id = $3`, [pool(), live1, admin.userId]);
    expect(afterBackfill.before).not.toBe(beforeBackfill.before);
    const [past] = await env.sql<{ after: number }>(`SELECT after FROM rating_events WHERE pool = $1 AND match_id = $2 AND user_id = $3`, [pool(), id, admin.userId]);
    expect(afterBackfill.before).toBe(past.after);
    expect(await checkRatingsAgainstReplay(db)).toMatchObject({ differences: [] });
    // The check does look at league pools: any drift there is reported.
    await env.sql(`UPDATE ratings SET rating = rating + 1e-9 WHERE pool = $1 AND user_id = $2`, [pool(), m3.userId]);
    const drift = await checkRatingsAgainstReplay(db);
    expect(drift.differences).toEqual([expect.stringContaining(`${pool()} player ${m3.userId}: stored`)]);
    await env.sql(`UPDATE ratings SET rating = rating - 1e-9 WHERE pool = $1 AND user_id = $2`, [pool(), m3.userId]);

    // It is in the history on its played date (older than the live ones), with the winners; the others were told.
    const rows = await history(m3);
    const row = rows.find((r) => r.match_id === id)!;
    expect(row).toMatchObject({
      match_type: '2v2',
      backfilled: true,
      team_a_score: 21,
      team_b_score: 12,
      outcome: 'Loss',
      can_contest: true,
      winners_usernames: [admin.username, m2.username],
    });
    expect(rows.indexOf(row)).toBeGreaterThan(rows.findIndex((r) => r.match_id === live1));
    // Every match of the history carries its own roster, read for all of them at once.
    expect(rows.find((r) => r.match_id === live1)).toMatchObject({ teamA: [{ user_id: admin.userId }], teamB: [{ user_id: m1.userId }] });
    expect(rows.find((r) => r.match_id === live2)).toMatchObject({ teamA: [{ user_id: m1.userId }], teamB: [{ user_id: m2.userId }] });
    const notices = await env.sql<{ user_id: number }>(
      `SELECT user_id FROM notifications WHERE match_id = $1 AND type = 'league_match_added' AND league_id = $2 ORDER BY user_id`,
      [id, leagueId],
    );
    expect(notices.map((n) => n.user_id)).toEqual([m1.userId, m2.userId, m3.userId].sort((a, b) => a - b));
    expect(await env.sql(`SELECT 1 FROM ratings WHERE pool = 'overall' AND user_id = ANY($1::int[])`, [[admin.userId, m1.userId, m2.userId, m3.userId]])).toHaveLength(0);
  });

  it('a contested past match becomes a league dispute, leaves the pool until settled, and keeps its played date', async () => {
    const [m1, m2, m3] = members;
    const [row] = (await history(m3)).filter((r) => r.backfilled && r.match_type === '2v2');
    const id = row.match_id;
    const [played] = await env.sql<{ completed_at: Date }>(`SELECT completed_at FROM matches WHERE id = $1`, [id]);
    const outsider = await player(env, one);
    expect((await contestMatch(one, outsider, id, leagueId).expect(403)).body).toEqual({ message: MSG.leagueMembersOnly });
    expect((await contestMatch(one, members[3], id, leagueId).expect(403)).body).toEqual({ message: MSG.notInMatch });
    const live = (await history(m1)).find((r) => !r.backfilled)!;
    expect((await contestMatch(one, m1, live.match_id, leagueId).expect(409)).body).toEqual({ message: MSG.contestNotBackfilled });

    expect((await contestMatch(two, m3, id, leagueId).expect(200)).body).toEqual({ message: MSG.matchContested });
    expect((await contestMatch(one, m1, id, leagueId).expect(409)).body).toEqual({ message: MSG.contestClosed });
    expect((await env.sql<{ status: string }>(`SELECT status FROM matches WHERE id = $1`, [id]))[0].status).toBe('disputed');
    expect(await ratedMatches()).not.toContain(id);
    expect((await history(m3)).some((r) => r.match_id === id)).toBe(false);
    expect(await checkRatingsAgainstReplay(db)).toMatchObject({ differences: [] });
    const disputes = await env.sql(`SELECT 1 FROM notifications WHERE match_id = $1 AND type = 'dispute-league'`, [id]);
    expect(disputes).toHaveLength(4);

    // Both sides agree on a final score: completed again on its played date, rated again in order.
    await leagueResolve(one, admin, leagueId, id, '2v2', 21, 15).expect(200);
    expect((await leagueResolve(two, m3, leagueId, id, '2v2', 21, 15).expect(200)).body.status).toBe('completed');
    const [after] = await env.sql<{ completed_at: Date; team_b_score: number }>(`SELECT completed_at, team_b_score FROM matches WHERE id = $1`, [id]);
    expect(after).toEqual({ completed_at: played.completed_at, team_b_score: 15 });
    await eventually(async () => (await ratedMatches()).includes(id), 15000);
    expect(await checkRatingsAgainstReplay(db)).toMatchObject({ differences: [] });
    expect((await history(m2)).find((r) => r.match_id === id)).toMatchObject({ can_contest: false, team_b_score: 15 });
    void m2;
  });

  it('an overall match a league job rates first is announced as its own job would: result summaries, the profile', async () => {
    // A ranked overall match whose own job has not run (late, or lost), stored as a completion stores it.
    const a = await player(env, one);
    const b = await player(env, one);
    const shownBefore = (await request(two).get(`/api/user-profile/${a.userId}`).expect(200)).body.rating;
    const [{ id }] = await env.sql<{ id: number }>(
      `INSERT INTO matches (code, match_type, scoring_type, ranked, status, creator_id, started_at, completed_at, team_a_score, team_b_score, settled_by)
       VALUES ('LATEJB', '1v1', '1s & 2s to 11', true, 'completed', $1, now(), now(), 11, 7, 'agreed') RETURNING id`,
      [a.userId],
    );
    await env.sql(`INSERT INTO match_players (match_id, user_id, team) VALUES ($1, $2, 'A'), ($1, $3, 'B')`, [id, a.userId, b.userId]);

    // A league match completes: its job catches the overall pool up before it reads starting ratings.
    const [m1, m2] = members;
    await play1v1(m1, m2, 11, 4);
    await eventually(async () => (await env.sql(`SELECT 1 FROM rating_events WHERE pool = 'overall' AND match_id = $1`, [id])).length === 2, 15000);
    // In the same transaction: both players' result summaries with the rating change.
    const summaries = await env.sql<{ user_id: number; message: string }>(`SELECT user_id, message FROM notifications WHERE match_id = $1 AND type = $2 ORDER BY user_id`, [
      id,
      NOTIFICATION_TYPES.matchResult,
    ]);
    expect(summaries.map((n) => n.user_id)).toEqual([a.userId, b.userId].sort((x, y) => x - y));
    expect(summaries.every((n) => / → .*\(/.test(n.message))).toBe(true);
    // After it: the profile cached before shows the new rating (player.changed reached every instance).
    await eventually(async () => (await request(two).get(`/api/user-profile/${a.userId}`).expect(200)).body.rating !== shownBefore, 15000);
    expect(await checkRatingsAgainstReplay(db)).toMatchObject({ differences: [] });
  });

  it('cannot be contested once 48 hours have passed since it was added', async () => {
    const [m1, m2] = members;
    const added = await addMatchHistory(one, admin, {
      league_id: leagueId,
      matchType: '1v1',
      scoringType: '1s & 2s to 5',
      participants: [m1.userId, m2.userId],
      finalScore: { [m1.username]: 5, [m2.username]: 5 },
    }).expect(201);
    await env.sql(`UPDATE matches SET contest_until = now() - interval '1 second' WHERE id = $1`, [added.body.match_id]);
    expect((await contestMatch(one, m2, added.body.match_id, leagueId).expect(409)).body).toEqual({ message: MSG.contestClosed });
    await eventually(async () => (await ratedMatches()).includes(added.body.match_id), 15000);
    const draw = (await history(m1)).find((r) => r.match_id === added.body.match_id)!;
    expect(draw).toMatchObject({ winner: 'Draw', outcome: 'Draw', can_contest: false });
    const board = (await leagueLeaderboard(one, m1, leagueId).expect(200)).body.players as { user_id: number; record: string }[];
    expect(board.find((e) => e.user_id === m2.userId)!.record).toMatch(/-1$/);
    expect(await checkRatingsAgainstReplay(db)).toMatchObject({ differences: [] });
  });
});
