import request from 'supertest';
import { displayThousandths, MSG, OPS_REQUEST_HEADER, ratingEngine } from '@gotnext/shared';
import { createTestEnv, TestEnv } from './support/harness';
import { auth, createMatch, details, eventually, fullMatch, join, player, report, resolve, start, type Player } from './support/matches';
import { MatchDeadlinesHandler } from '../src/matches/match-deadlines.handler';

/**
 * The play loop around a match (docs/matches.md#my-matches, #cancel-and-leave, #the-result,
 * #moderation; docs/rating.md#rating-history), against the real API, worker, PostgreSQL and Redis.
 */
describe('the play loop: my matches, cancel and leave, results, disputes that converge, ops moderation, rating history', () => {
  let env: TestEnv;
  let url: string;
  let deadlines: MatchDeadlinesHandler;
  // The ops screens' header too: an admin write without it is refused (docs/api.md#ops-writes).
  const ops = { Authorization: `Basic ${Buffer.from('admin:admin-secret').toString('base64')}`, [OPS_REQUEST_HEADER]: '1' };

  beforeAll(async () => {
    env = await createTestEnv();
    url = (await env.startApi()).url;
    deadlines = (await env.startWorker()).get(MatchDeadlinesHandler);
  });
  afterAll(() => env.close());

  const myMatches = async (p: Player) =>
    (await request(url).get('/api/my-matches').set(auth(p)).expect(200)).body.matches as {
      match_id: number;
      status: string;
      step: string;
      path: string;
      is_creator: boolean;
      players_needed: number;
      others: string[];
      reported: boolean;
      in_moderation: boolean;
      scope: string;
    }[];
  const cancel = (p: Player, id: number) => request(url).post(`/api/cancel-match/${id}`).set(auth(p)).send({});
  const leave = (p: Player, id: number) => request(url).post(`/api/leave-match/${id}`).set(auth(p)).send({});
  const notices = (p: Player, type: string) =>
    env.sql<{ message: string; match_id: number }>(`SELECT message, match_id FROM notifications WHERE user_id = $1 AND type = $2 ORDER BY id`, [p.userId, type]);

  it("lists only the caller's open matches, each with the one-tap step (lobby, report, resolve)", async () => {
    const a = await player(env, url);
    const b = await player(env, url);
    expect(await myMatches(a)).toEqual([]);
    const waiting = await createMatch(url, a, '2v2', { ranked: false });
    const played = await createMatch(url, a, '1v1', { ranked: false });
    await join(url, b, '1v1', played.match_code).expect(200);
    await start(url, a, played.match_id).expect(200);

    let mine = await myMatches(a);
    expect(mine.map((m) => [m.match_id, m.status, m.step, m.is_creator, m.players_needed, m.scope])).toEqual([
      [played.match_id, 'in-progress', 'report', true, 0, 'overall'],
      [waiting.match_id, 'waiting', 'lobby', true, 3, 'overall'],
    ]);
    expect(mine[0].path).toBe(`/report-score/${played.match_id}?matchType=1v1`);
    expect(mine[0].others).toEqual([b.username]);
    // b sees only the match b plays in.
    expect((await myMatches(b)).map((m) => m.match_id)).toEqual([played.match_id]);

    await report(url, a, '1v1', played.match_id, 11, 5).expect(200);
    mine = await myMatches(a);
    expect(mine[0]).toMatchObject({ step: 'lobby', reported: true });
    await report(url, b, '1v1', played.match_id, 11, 5).expect(200); // b says b won 11-5: disputed
    expect((await myMatches(b))[0]).toMatchObject({ status: 'disputed', step: 'resolve', path: `/resolve-dispute/${played.match_id}` });
    await resolve(url, a, '1v1', played.match_id, 11, 9).expect(200);
    await resolve(url, b, '1v1', played.match_id, 9, 11).expect(200);
    // Completed matches leave the list.
    expect((await myMatches(a)).map((m) => m.match_id)).toEqual([waiting.match_id]);
    await request(url).get('/api/my-matches').expect(401);
  });

  it('cancel: only the creator, only before the start; the joined players are told; the code is free again', async () => {
    const m = await fullMatch(env, url, '2v2', { ranked: false });
    const [creator, second] = m.all;
    const notCreator = await cancel(second, m.match_id);
    expect([notCreator.status, notCreator.body]).toEqual([403, { message: MSG.onlyCreatorCancels }]);
    const stranger = await cancel(await player(env, url), m.match_id);
    expect([stranger.status, stranger.body]).toEqual([403, { message: MSG.notInMatch }]);
    const ok = await cancel(creator, m.match_id);
    expect([ok.status, ok.body]).toEqual([200, { message: MSG.matchCancelledDone, status: 'cancelled' }]);
    expect((await details(url, second, m.match_id).expect(200)).body.status).toBe('cancelled');
    for (const p of m.all.slice(1)) expect(await notices(p, 'match_cancelled')).toEqual([{ message: MSG.matchCancelledNotice(creator.username, '2v2'), match_id: m.match_id }]);
    expect(await notices(creator, 'match_cancelled')).toEqual([]);
    const again = await cancel(creator, m.match_id);
    expect([again.status, again.body]).toEqual([409, { message: MSG.matchWasCancelled }]);
    expect(await myMatches(second)).toEqual([]);

    const started = await fullMatch(env, url, '1v1', { ranked: false });
    await start(url, started.creator, started.match_id).expect(200);
    const late = await cancel(started.creator, started.match_id);
    expect([late.status, late.body]).toEqual([409, { message: MSG.matchNotOpen }]);
    const [row] = await env.sql(`SELECT status FROM matches WHERE id = $1`, [started.match_id]);
    expect(row).toEqual({ status: 'in-progress' });
  });

  it('leave: a joined player before the start; a full match opens again; the creator cannot leave', async () => {
    const m = await fullMatch(env, url, '1v1', { ranked: false });
    const [creator, other] = m.all;
    expect((await details(url, creator, m.match_id)).body.status).toBe('ready');
    const creatorLeaves = await leave(creator, m.match_id);
    expect([creatorLeaves.status, creatorLeaves.body]).toEqual([403, { message: MSG.creatorCannotLeave }]);
    const left = await leave(other, m.match_id);
    expect([left.status, left.body]).toEqual([200, { message: MSG.matchLeft, status: 'waiting' }]);
    const after = (await details(url, creator, m.match_id)).body;
    expect([after.status, after.players_needed, after.opponent]).toEqual(['waiting', 1, null]);
    expect((await details(url, other, m.match_id)).status).toBe(403);
    const twice = await leave(other, m.match_id);
    expect([twice.status, twice.body]).toEqual([403, { message: MSG.notInMatch }]);
    // Someone else takes the slot; once started nobody leaves.
    const third = await player(env, url);
    await join(url, third, '1v1', m.match_code).expect(200);
    await start(url, creator, m.match_id).expect(200);
    const late = await leave(third, m.match_id);
    expect([late.status, late.body]).toEqual([409, { message: MSG.matchNotOpen }]);
  });

  it('a join racing a cancel: either the join lands first and is cancelled with the match, or it finds the match cancelled', async () => {
    for (let round = 0; round < 6; round += 1) {
      const creator = await player(env, url);
      const joiner = await player(env, url);
      const m = await createMatch(url, creator, '1v1', { ranked: false });
      const [j, c] = await Promise.all([join(url, joiner, '1v1', m.match_code), cancel(creator, m.match_id)]);
      expect(c.status).toBe(200);
      const [row] = await env.sql<{ status: string }>(`SELECT status FROM matches WHERE id = $1`, [m.match_id]);
      expect(row.status).toBe('cancelled');
      const players = await env.sql(`SELECT user_id FROM match_players WHERE match_id = $1 ORDER BY joined_at`, [m.match_id]);
      if (j.status === 200) {
        expect(players).toHaveLength(2);
        expect(await notices(joiner, 'match_cancelled')).toHaveLength(1);
      } else {
        expect([j.status, j.body]).toEqual([409, { message: MSG.matchWasCancelled }]);
        expect(players).toHaveLength(1);
      }
    }
  });

  it('the result: each player reads it in their own words, kept as a notification; ranked ones carry the rating change once applied', async () => {
    const pickup = await fullMatch(env, url, '1v1', { ranked: false, scoringType: '1s & 2s to 21' });
    const [a, b] = pickup.all;
    await start(url, a, pickup.match_id).expect(200);
    await report(url, a, '1v1', pickup.match_id, 21, 15).expect(200);
    await report(url, b, '1v1', pickup.match_id, 15, 21).expect(200);
    expect((await details(url, a, pickup.match_id)).body.result).toMatchObject({ outcome: 'Win', my_score: 21, their_score: 15, text: `You won 21–15 vs ${b.username}` });
    expect((await details(url, b, pickup.match_id)).body.result.text).toBe(`You lost 15–21 vs ${a.username}`);
    expect(await notices(a, 'match_result')).toEqual([{ message: `You won 21–15 vs ${b.username}`, match_id: pickup.match_id }]);

    const ranked = await fullMatch(env, url, '1v1', { ranked: true, scoringType: '1s & 2s to 11' });
    const [c, d] = ranked.all;
    await start(url, c, ranked.match_id).expect(200);
    await report(url, c, '1v1', ranked.match_id, 11, 5).expect(200);
    await report(url, d, '1v1', ranked.match_id, 5, 11).expect(200);
    const [cNote] = await eventually(async () => {
      const n = await notices(c, 'match_result');
      return n.length ? n : null;
    });
    // Two new players at 4.000, 11–5 in a game to 11: what the shared engine gives, the winner up and
    // the loser down by the same amount (docs/rating.md#formula).
    const [up] = ratingEngine
      .rate({
        teamA: [{ id: 1, rating: ratingEngine.initial() }],
        teamB: [{ id: 2, rating: ratingEngine.initial() }],
        scoreA: 11,
        scoreB: 5,
        matchType: '1v1',
        scoringType: '1s & 2s to 11',
      })
      .map((x) => displayThousandths(x.after.mu) - 4000);
    expect(up).toBeGreaterThan(0);
    const gain = (up! / 1000).toFixed(3);
    const won = (4 + up! / 1000).toFixed(3);
    const lost = (4 - up! / 1000).toFixed(3);
    expect(cNote.message).toBe(`You won 11–5 vs ${d.username} · 4.000 → ${won} (+${gain})`);
    expect((await notices(d, 'match_result'))[0].message).toBe(`You lost 5–11 vs ${c.username} · 4.000 → ${lost} (-${gain})`);
    expect((await details(url, d, ranked.match_id)).body.result).toMatchObject({ rating_before: '4.000', rating_after: lost, rating_change: `-${gain}`, rating_pending: false });

    // Rematch: a new match like it, the other player invited with its code.
    const re = await request(url).post(`/api/rematch/${ranked.match_id}`).set(auth(d)).send({}).expect(201);
    expect(re.body).toMatchObject({ message: MSG.rematchCreated, invited: 1 });
    expect(await notices(c, 'match_invite')).toEqual([{ message: MSG.rematchInvite(d.username, '1v1', re.body.match_code), match_id: re.body.match_id }]);
    await join(url, c, '1v1', re.body.match_code).expect(200);
    const fresh = (await details(url, c, re.body.match_id)).body;
    expect([fresh.ranked, fresh.scoring_type, fresh.creator_id]).toEqual([true, '1s & 2s to 11', d.userId]);
    const early = await request(url).post(`/api/rematch/${re.body.match_id}`).set(auth(d)).send({});
    expect([early.status, early.body]).toEqual([409, { message: MSG.rematchNotCompleted }]);

    // Rating history: from the stored events, with the why; head-to-head from c's side.
    const history = (await request(url).get(`/api/rating-history/${c.userId}`).expect(200)).body;
    expect(history).toMatchObject({ rating: won, peak_rating: won, provisional: true, ranked_games: 1, provisional_games_left: 14 });
    expect(history.entries).toHaveLength(1);
    expect(history.entries[0]).toMatchObject({
      match_id: ranked.match_id,
      outcome: 'Win',
      rating_before: '4.000',
      rating_after: won,
      rating_change: `+${gain}`,
      opponents: [d.username],
    });
    expect(history.entries[0].why).toEqual(['a big win (11–5)', 'an even match (4.000 vs 4.000)', 'a game to 11', 'you are still new so it moves faster']);
    const h2h = (await request(url).get(`/api/head-to-head/${d.userId}`).set(auth(c)).expect(200)).body;
    expect(h2h).toEqual({ user_id: d.userId, username: d.username, wins: 1, losses: 0, draws: 0, text: `You 1–0 vs ${d.username}` });
    // Hidden rating: others get 403, the owner still sees it.
    await env.sql(`UPDATE users SET preferences = preferences || '{"displayRating": false}'::jsonb WHERE id = $1`, [c.userId]);
    const hidden = await request(url).get(`/api/rating-history/${c.userId}`).set(auth(d));
    expect([hidden.status, hidden.body]).toEqual([403, { message: MSG.ratingHidden }]);
    await request(url).get(`/api/rating-history/${c.userId}`).set(auth(c)).expect(200);
  });

  it("a dispute converges: each side sees the other's current proposal, accepting it settles, each reads their own result", async () => {
    const m = await fullMatch(env, url, '1v1', { ranked: false, scoringType: '1s & 2s to 21' });
    const [a, b] = m.all;
    await start(url, a, m.match_id).expect(200);
    await report(url, a, '1v1', m.match_id, 21, 18).expect(200);
    await report(url, b, '1v1', m.match_id, 21, 19).expect(200);
    const disputeOf = async (p: Player) => (await request(url).get(`/api/dispute-match-details/${m.match_id}`).set(auth(p)).expect(200)).body;
    // Before any final score, each side's report stands as its proposal.
    expect([(await disputeOf(a)).my_proposal, (await disputeOf(a)).their_proposal]).toEqual([
      { user_score: 21, opponent_score: 18, kind: 'report' },
      { user_score: 19, opponent_score: 21, kind: 'report' },
    ]);
    await resolve(url, a, '1v1', m.match_id, 21, 18).expect(200);
    const seenByB = await disputeOf(b);
    expect([seenByB.my_proposal, seenByB.their_proposal, seenByB.in_moderation]).toEqual([
      { user_score: 21, opponent_score: 19, kind: 'report' },
      { user_score: 18, opponent_score: 21, kind: 'final' },
      false,
    ]);
    // 'Accept their score' sends their proposal as is, from b's side.
    const accepted = await resolve(url, b, '1v1', m.match_id, seenByB.their_proposal.user_score, seenByB.their_proposal.opponent_score).expect(200);
    expect(accepted.body.message).toBe(MSG.disputeResolved);
    expect((await notices(a, 'dispute_resolved'))[0].message).toBe('Resolved: you won 21–18 (1v1 match).');
    expect((await notices(b, 'dispute_resolved'))[0].message).toBe('Resolved: you lost 18–21 (1v1 match).');
  });

  it('moderation: at 72 h a dispute goes to the ops queue; ops settle it with a score (rated, both told) or void it', async () => {
    const disputed = async (type: '1v1' | '2v2') => {
      const m = await fullMatch(env, url, type, { ranked: true, scoringType: '1s & 2s to 21' });
      await start(url, m.creator, m.match_id).expect(200);
      await report(url, m.teamA[0], type, m.match_id, 21, 10).expect(200);
      await report(url, m.teamB[0], type, m.match_id, type === '1v1' ? 21 : 10, type === '1v1' ? 10 : 21).expect(200);
      await env.sql(`UPDATE matches SET disputed_at = now() - interval '73 hours' WHERE id = $1`, [m.match_id]);
      expect(await deadlines.handle({ kind: 'void-dispute', matchId: m.match_id })).toBe('moderation');
      return m;
    };
    const one = await disputed('1v1');
    const two = await disputed('2v2');
    await request(url).get('/api/admin/disputes').expect(401);
    await request(url).get('/api/admin/disputes').set(auth(one.creator)).expect(401);
    const queue = (await request(url).get('/api/admin/disputes').set(ops).expect(200)).body.disputes;
    expect(queue.map((d: { match_id: number }) => d.match_id)).toEqual([one.match_id, two.match_id]);
    expect(queue[0]).toMatchObject({ team_a_report: { team_a_score: 21, team_b_score: 10 }, team_b_report: { team_a_score: 10, team_b_score: 21 }, team_a_proposal: null });
    expect(queue[0].histories).toEqual(one.all.map((p) => ({ user_id: p.userId, username: p.username, disputes: 1, voided: 0, ops_settled: 0 })));
    const [a, b] = one.all;
    expect((await request(url).get(`/api/dispute-match-details/${one.match_id}`).set(auth(a))).body.in_moderation).toBe(true);

    const bad = await request(url).post(`/api/admin/disputes/${one.match_id}`).set(ops).send({ decision: 'maybe' });
    expect([bad.status, bad.body]).toEqual([400, { message: MSG.decisionInvalid }]);
    const noScore = await request(url).post(`/api/admin/disputes/${one.match_id}`).set(ops).send({ decision: 'score', team_a_score: 21 });
    expect([noScore.status, noScore.body]).toEqual([400, { message: MSG.reportBothTeams }]);
    expect((await env.sql(`SELECT status FROM matches WHERE id = $1`, [one.match_id]))[0]).toEqual({ status: 'disputed' });

    const decided = await request(url).post(`/api/admin/disputes/${one.match_id}`).set(ops).send({ decision: 'score', team_a_score: 21, team_b_score: 10 });
    expect([decided.status, decided.body]).toEqual([200, { message: MSG.opsDecided }]);
    const [row] = await env.sql(`SELECT status, team_a_score, team_b_score, settled_by, voided FROM matches WHERE id = $1`, [one.match_id]);
    expect(row).toEqual({ status: 'completed', team_a_score: 21, team_b_score: 10, settled_by: 'ops', voided: false });
    expect((await notices(a, 'dispute_resolved')).map((n) => n.message)).toEqual([MSG.opsSettledNotice('1v1', 'You won 21–10')]);
    expect((await notices(b, 'dispute_resolved')).map((n) => n.message)).toEqual([MSG.opsSettledNotice('1v1', 'You lost 10–21')]);
    // Rated like any completed ranked match.
    await eventually(async () => (await env.sql(`SELECT 1 FROM rating_events WHERE match_id = $1`, [one.match_id])).length === 2);
    const rated = await env.sql<{ user_id: number; after: number }>(`SELECT user_id, after FROM rating_events WHERE match_id = $1 ORDER BY after DESC`, [one.match_id]);
    expect(rated.map((r) => r.user_id)).toEqual([a.userId, b.userId]);
    const twice = await request(url).post(`/api/admin/disputes/${one.match_id}`).set(ops).send({ decision: 'void' });
    expect([twice.status, twice.body]).toEqual([409, { message: MSG.matchAlreadyCompleted }]);

    await request(url).post(`/api/admin/disputes/${two.match_id}`).set(ops).send({ decision: 'void' }).expect(200);
    const [voided] = await env.sql(`SELECT status, voided, settled_by FROM matches WHERE id = $1`, [two.match_id]);
    expect(voided).toEqual({ status: 'completed', voided: true, settled_by: 'ops-void' });
    for (const p of two.all) expect((await notices(p, 'dispute_resolved')).map((n) => n.message)).toEqual([MSG.opsVoidedNotice('2v2')]);
    expect((await request(url).get('/api/admin/disputes').set(ops).expect(200)).body.disputes).toEqual([]);

    // A dispute not yet past its deadline is not ops' to decide.
    const fresh = await fullMatch(env, url, '1v1', { ranked: false });
    await start(url, fresh.creator, fresh.match_id).expect(200);
    await report(url, fresh.all[0], '1v1', fresh.match_id, 5, 1).expect(200);
    await report(url, fresh.all[1], '1v1', fresh.match_id, 5, 1).expect(200);
    const notYet = await request(url).post(`/api/admin/disputes/${fresh.match_id}`).set(ops).send({ decision: 'void' });
    expect([notYet.status, notYet.body]).toEqual([409, { message: MSG.disputeNotInModeration }]);
  });
});
