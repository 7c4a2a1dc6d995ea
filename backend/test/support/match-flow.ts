import request from 'supertest';
import { displayRating, MSG, pointUnit, replayMatches, targetScore, type MatchType } from '@gotnext/shared';
import type { TestEnv } from './harness';
import { auth, details, eventually, fullMatch, Player, report, resolve, start } from './matches';

const ids = (ps: Player[]) => ps.map((p) => p.userId);

/**
 * One match type end to end on two API instances: a match whose reports agree, then a second
 * match between the same players whose reports disagree and are resolved; ratings (by the real
 * worker), statistics and notifications are checked against the shared engine's own numbers.
 */
export async function playMatchTypeEndToEnd(env: TestEnv, one: string, two: string, type: MatchType): Promise<void> {
  const scoring = '1s & 2s to 11';
  const m1 = await fullMatch(env, one, type, { ranked: true, scoringType: scoring });
  const [a0, b0] = [m1.teamA[0], m1.teamB[0]];
  await start(two, m1.creator, m1.match_id).expect(200);

  // Agreeing reports: Team A wins 11-7. In 1v1 each side speaks for itself.
  const first = await report(one, a0, type, m1.match_id, 11, 7).expect(200);
  expect(first.body).toEqual({ message: MSG.scoreWaiting, status: 'in-progress' });
  const reminders = await env.sql<{ user_id: number }>(`SELECT user_id FROM notifications WHERE match_id = $1 AND type = 'score_reminder' ORDER BY user_id`, [m1.match_id]);
  expect(reminders.map((r) => r.user_id)).toEqual(ids(m1.teamB).sort((x, y) => x - y));
  const [x, y] = type === '1v1' ? [7, 11] : [11, 7];
  const agreed = await report(two, m1.teamB[m1.teamB.length - 1], type, m1.match_id, x, y).expect(200);
  expect(agreed.body).toEqual({ message: MSG.scoreAgreed, status: 'completed' });
  expect((await details(one, b0, m1.match_id)).body).toMatchObject({ status: 'completed', team_a_score: 11, team_b_score: 7 });
  const flags = await env.sql<{ match_completed: boolean }>(`SELECT match_completed FROM notifications WHERE match_id = $1`, [m1.match_id]);
  expect(flags.every((f) => f.match_completed)).toBe(true);

  // Second match, same teams (creator again creates; players join in the same order).
  const m2code = await request(one).post(`/api/create-match-${type}`).set(auth(m1.creator)).send({ ranked: true, scoringType: scoring }).expect(201);
  const m2 = m2code.body.match_id as number;
  for (const p of m1.all.slice(1)) await request(two).post(`/api/join-match-${type}`).set(auth(p)).send({ match_code: m2code.body.match_code }).expect(200);
  await start(one, m1.creator, m2).expect(200);
  await report(one, a0, type, m2, 5, 11).expect(200); // A says B won 11-5
  const disputed = await report(two, b0, type, m2, type === '1v1' ? 11 : 3, type === '1v1' ? 3 : 11).expect(200); // B says 11-3
  expect(disputed.body).toEqual({ message: MSG.scoreDisputed, status: 'disputed' });
  const disputes = await env.sql<{ user_id: number }>(`SELECT user_id FROM notifications WHERE match_id = $1 AND type = 'dispute' ORDER BY user_id`, [m2]);
  expect(disputes.map((r) => r.user_id)).toEqual(ids(m1.all).sort((p, q) => p - q));
  const dd = await request(two).get(`/api/dispute-match-details/${m2}`).set(auth(a0)).expect(200);
  if (type === '1v1') {
    expect(dd.body).toMatchObject({ userReportedScore: { user_score: 5, opponent_score: 11 }, opponentReportedScore: { user_score: 11, opponent_score: 3 } });
    expect(dd.body.opponent.user_id).toBe(b0.userId);
    expect(dd.body.scores[String(a0.userId)]).toEqual({ user_score: 5, opponent_score: 11 });
  } else {
    expect(dd.body).toMatchObject({ team_a_report: { team_a_score: 5, team_b_score: 11 }, team_b_report: { team_a_score: 3, team_b_score: 11 } });
  }
  // A report is refused while disputed; resolving needs both sides to agree.
  expect((await report(one, a0, type, m2, 1, 2)).body).toEqual({ message: MSG.matchIsDisputed });
  const r1 = await resolve(one, a0, type, m2, 6, 11).expect(200);
  expect(r1.body).toEqual({ message: MSG.disputeSubmitted, status: 'disputed' });
  // B's final score is A 7 - B 11; A said 6-11: no agreement yet, so A resubmits 7-11.
  const r2 = await resolve(two, b0, type, m2, type === '1v1' ? 11 : 7, type === '1v1' ? 7 : 11).expect(200);
  expect(r2.body.status).toBe('disputed');
  const final = await resolve(one, a0, type, m2, 7, 11).expect(200);
  expect(final.body).toEqual({ message: MSG.disputeResolved, status: 'completed' });
  const resolvedFlags = await env.sql<{ dispute_resolved: boolean; match_completed: boolean }>(`SELECT dispute_resolved, match_completed FROM notifications WHERE match_id = $1`, [
    m2,
  ]);
  expect(resolvedFlags.length).toBeGreaterThan(0);
  expect(resolvedFlags.every((f) => f.dispute_resolved && f.match_completed)).toBe(true);
  const [row] = await env.sql<{ team_a_score: number; team_b_score: number; status: string }>(`SELECT status, team_a_score, team_b_score FROM matches WHERE id = $1`, [m2]);
  const m2Scores = { a: 7, b: 11 };
  expect(row).toEqual({ status: 'completed', team_a_score: m2Scores.a, team_b_score: m2Scores.b });

  // Ratings: exactly what the engine gives when replaying both matches in order.
  const expected = replayMatches([
    { teamA: ids(m1.teamA), teamB: ids(m1.teamB), scoreA: 11, scoreB: 7, target: targetScore(scoring), pointUnit: pointUnit(scoring) },
    { teamA: ids(m1.teamA), teamB: ids(m1.teamB), scoreA: m2Scores.a, scoreB: m2Scores.b, target: targetScore(scoring), pointUnit: pointUnit(scoring) },
  ]);
  const stored = await eventually(async () => {
    const rows = await env.sql<{ user_id: number; rating: number; sigma: number; games: number }>(
      `SELECT user_id, rating, sigma, games FROM ratings WHERE pool = 'overall' AND user_id = ANY($1::int[])`,
      [ids(m1.all)],
    );
    return rows.length === m1.all.length && rows.every((r) => r.games === 2) ? rows : null;
  });
  for (const r of stored) expect({ id: r.user_id, rating: r.rating, sigma: r.sigma, games: r.games }).toEqual({ id: r.user_id, ...expected.pool.get(r.user_id) });
  const events = await env.sql<{ n: number }>(`SELECT count(*)::int AS n FROM rating_events WHERE match_id = ANY($1::int[])`, [[m1.match_id, m2]]);
  expect(events[0].n).toBe(2 * m1.all.length);
  // The result summaries, written by the rating job after the dispute was resolved, carry the
  // match's flags like every other notice of it (docs/matches.md#settlement).
  const afterRating = await env.sql<{ type: string; dispute_resolved: boolean; match_completed: boolean }>(
    `SELECT type, dispute_resolved, match_completed FROM notifications WHERE match_id = $1`,
    [m2],
  );
  expect(afterRating.filter((n) => n.type === 'match_result')).toHaveLength(m1.all.length);
  expect(afterRating.filter((n) => !(n.dispute_resolved && n.match_completed))).toEqual([]);

  // Statistics and history, from both players' side.
  const statsA = await request(two).get(`/api/user-stats/${a0.userId}?timezone=America/New_York&fullHistory=true`).set(auth(b0)).expect(200);
  expect(statsA.body.match_statistics).toEqual({ total_wins: 1, total_losses: 1, total_disputes: 1, games_played: 2 });
  expect(statsA.body.match_history.map((h: { match_id: number; outcome: string }) => [h.match_id, h.outcome])).toEqual([
    [m2, 'Loss'],
    [m1.match_id, 'Win'],
  ]);
  const latest = statsA.body.match_history[1];
  expect(latest).toMatchObject({
    match_type: type,
    ranked: true,
    ranked_status: 'Ranked',
    user_score: 11,
    opponent_score: 7,
    team_a_score: 11,
    team_b_score: 7,
    team_1_score: 11,
    team_2_score: 7,
  });
  expect(latest.date_time_local).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} [AP]M$/);
  if (type === '1v1') expect(latest).toMatchObject({ opponent_id: b0.userId, opponent_name: b0.username });
  else expect(latest.team_b.map((p: { user_id: number }) => p.user_id)).toEqual(ids(m1.teamB));
  const profileB = await request(one).get(`/api/user-profile/${b0.userId}`).expect(200);
  expect(profileB.body).toMatchObject({
    user_id: b0.userId,
    rating: displayRating(expected.pool.get(b0.userId)!.rating),
    provisional: true,
    match_statistics: { total_wins: 1, total_losses: 1, total_disputes: 1, games_played: 2 },
  });
  expect(profileB.body.rating).toMatch(/^\d\.\d{3}$/);
  expect(profileB.body.recent_matches).toHaveLength(2);
}
