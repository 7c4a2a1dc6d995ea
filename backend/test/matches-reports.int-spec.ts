import request from 'supertest';
import { MSG } from '@gotnext/shared';
import { TestEnv, useTestApp } from './support/harness';
import { auth, createMatch, fullMatch, join, player, report, resolve, start } from './support/matches';

describe('score reports and disputes: refusals leave the database unchanged', () => {
  let env: TestEnv;
  let url: string;

  useTestApp({}, (started) => {
    env = started.env;
    url = started.apis[0].url;
  });

  const snapshot = () =>
    env.sql(
      `SELECT (SELECT count(*) FROM match_reports) AS reports, (SELECT count(*) FROM notifications) AS notes, (SELECT json_agg(status ORDER BY id) FROM matches) AS statuses`,
    );

  it('answers bad score reports with the spec messages', async () => {
    const m = await fullMatch(env, url, '2v2', { ranked: false });
    const p = m.teamA[0];
    const before = await snapshot();
    const post = (path: string, body: object) => request(url).post(path).set(auth(p)).send(body);
    const cases: [string, object, number, string][] = [
      ['/api/report-score-2v2', { match_id: m.match_id, team_1_score: 11 }, 400, MSG.reportBothTeams],
      ['/api/report-score-1v1', { match_id: m.match_id, user_score: 11 }, 400, MSG.reportBoth1v1],
      ['/api/report-score-2v2', { match_id: m.match_id, team_1_score: -1, team_2_score: 3 }, 400, MSG.scoreInvalid],
      ['/api/report-score-2v2', { match_id: m.match_id, team_1_score: 2.5, team_2_score: 3 }, 400, MSG.scoreInvalid],
      ['/api/report-score-2v2', { match_id: m.match_id, team_1_score: '11', team_2_score: 3 }, 400, MSG.scoreInvalid],
      ['/api/report-score-2v2', { match_id: m.match_id, team_1_score: 1000, team_2_score: 3 }, 400, MSG.scoreInvalid],
      ['/api/report-score-2v2', { team_1_score: 1, team_2_score: 3 }, 400, MSG.matchNotFound],
      ['/api/report-score-2v2', { match_id: 987654, team_1_score: 1, team_2_score: 3 }, 404, MSG.matchNotFound],
      ['/api/report-score-3v3', { match_id: m.match_id, team_1_score: 1, team_2_score: 3 }, 400, MSG.invalidMatchType],
      ['/api/report-score-1v1', { match_id: m.match_id, user_score: 1, opponent_score: 3 }, 400, MSG.invalidMatchType],
      ['/api/report-score-2v2', { match_id: m.match_id, team_1_score: 1, team_2_score: 3 }, 409, MSG.matchNotInProgress],
      ['/api/resolve-dispute-2v2', { match_id: m.match_id, team_a_score: 1 }, 400, MSG.disputeFillAll],
      ['/api/resolve-dispute-2v2', { match_id: m.match_id, team_a_score: 1, team_b_score: 2 }, 409, MSG.matchNotDisputed],
    ];
    for (const [path, body, status, message] of cases) {
      const res = await post(path, body);
      expect([path, body, res.status, res.body]).toEqual([path, body, status, { message }]);
    }
    const stranger = await player(env, url);
    await start(url, m.creator, m.match_id).expect(200);
    const foreign = await report(url, stranger, '2v2', m.match_id, 1, 2);
    expect([foreign.status, foreign.body]).toEqual([403, { message: MSG.notInMatch }]);
    const foreignDispute = await request(url).get(`/api/dispute-match-details/${m.match_id}`).set(auth(stranger));
    expect(foreignDispute.status).toBe(403);
    const after = (await snapshot())[0] as { statuses: string[] };
    expect({ ...after, statuses: undefined }).toEqual({ ...(before[0] as object), statuses: undefined });
  });

  it("lets a team's later report replace its earlier one until the other side reports, reminding only once", async () => {
    const m = await fullMatch(env, url, '3v3', { ranked: false });
    await start(url, m.creator, m.match_id).expect(200);
    await report(url, m.teamA[0], '3v3', m.match_id, 11, 9).expect(200);
    await report(url, m.teamA[2], '3v3', m.match_id, 11, 8).expect(200); // a teammate corrects it
    const [row] = await env.sql(`SELECT reported_by, team_a_score, team_b_score FROM match_reports WHERE match_id = $1`, [m.match_id]);
    expect(row).toEqual({ reported_by: m.teamA[2].userId, team_a_score: 11, team_b_score: 8 });
    const reminders = await env.sql<{ message: string }>(`SELECT message FROM notifications WHERE match_id = $1 AND type = 'score_reminder'`, [m.match_id]);
    // Each player of the other side, in words that fit a team match.
    expect(reminders.map((r) => r.message)).toEqual(Array(3).fill('The other team reported the score of your 3v3 match. Please report your score.'));
    const details = await request(url).get(`/api/match-details/${m.match_id}`).set(auth(m.teamB[1])).expect(200);
    expect(details.body.reported).toEqual({ A: true, B: false });
    // The other side's report stays secret; the reporting side reads its own, corrected one.
    expect(details.body.my_report).toBeNull();
    const own = await request(url).get(`/api/match-details/${m.match_id}`).set(auth(m.teamA[1])).expect(200);
    expect(own.body.my_report).toEqual({ user_score: 11, opponent_score: 8 });
    const done = await report(url, m.teamB[1], '3v3', m.match_id, 11, 8).expect(200);
    expect(done.body.status).toBe('completed');
  });

  it('counts an unranked match in wins, losses and games but never in the rating', async () => {
    const a = await player(env, url, false);
    const b = await player(env, url, false);
    const m = await createMatch(url, a, '1v1', { ranked: false });
    await join(url, b, '1v1', m.match_code).expect(200);
    await start(url, a, m.match_id).expect(200);
    await report(url, a, '1v1', m.match_id, 5, 3).expect(200);
    await report(url, b, '1v1', m.match_id, 3, 5).expect(200);
    const profile = await request(url).get(`/api/user-profile/${a.userId}`).expect(200);
    expect(profile.body).toMatchObject({ rating: '4.000', ranked_games: 0, match_statistics: { total_wins: 1, total_losses: 0, games_played: 1, total_disputes: 0 } });
    expect(profile.body.recent_matches[0]).toMatchObject({ outcome: 'Win', ranked: false, ranked_status: 'Unranked', rating_change: null, opponent_id: b.userId });
    expect(await env.sql(`SELECT 1 FROM ratings WHERE user_id = ANY($1::int[])`, [[a.userId, b.userId]])).toHaveLength(0);
    const again = await resolve(url, a, '1v1', m.match_id, 5, 3);
    expect([again.status, again.body]).toEqual([409, { message: MSG.matchAlreadyCompleted }]);
  });

  it('gives a 1v1 player their own report from their side, and a dispute the time it goes to ops', async () => {
    const a = await player(env, url, false);
    const b = await player(env, url, false);
    const m = await createMatch(url, a, '1v1', { ranked: false });
    await join(url, b, '1v1', m.match_code).expect(200);
    await start(url, a, m.match_id).expect(200);
    await report(url, b, '1v1', m.match_id, 3, 5).expect(200);
    const mine = (p: typeof a) => request(url).get(`/api/match-details/${m.match_id}`).set(auth(p)).expect(200);
    expect((await mine(b)).body.my_report).toEqual({ user_score: 3, opponent_score: 5 });
    expect((await mine(a)).body.my_report).toBeNull();
    await report(url, a, '1v1', m.match_id, 5, 2).expect(200);
    const dispute = await request(url).get(`/api/dispute-match-details/${m.match_id}`).set(auth(a)).expect(200);
    const [row] = await env.sql<{ disputed_at: Date }>(`SELECT disputed_at FROM matches WHERE id = $1`, [m.match_id]);
    expect(dispute.body.moderation_at).toBe(new Date(row.disputed_at.getTime() + 72 * 3600 * 1000).toISOString());
    await resolve(url, a, '1v1', m.match_id, 5, 3).expect(200);
    await resolve(url, b, '1v1', m.match_id, 3, 5).expect(200);
    expect((await request(url).get(`/api/dispute-match-details/${m.match_id}`).set(auth(a)).expect(200)).body.moderation_at).toBeNull();
  });
});
