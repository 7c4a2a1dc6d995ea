import request from 'supertest';
import { MSG } from '@gotnext/shared';
import { createTestEnv, TestEnv } from './support/harness';
import { auth, createMatch, details, eventually, fullMatch, join, player, Player, report, resolve, start } from './support/matches';
import { RatingHandler } from '../src/ratings/rating.handler';

/** Fires all requests at (nearly) the same moment, alternating between the two instances. */
const race = <T>(fns: (() => PromiseLike<T>)[]) => Promise.all(fns.map((f) => f()));

describe('match races against real PostgreSQL with two API instances', () => {
  let env: TestEnv;
  let one: string;
  let two: string;
  let ratings: RatingHandler;
  const url = (i: number) => (i % 2 ? two : one);

  beforeAll(async () => {
    env = await createTestEnv();
    one = (await env.startApi()).url;
    two = (await env.startApi()).url;
    ratings = (await env.startWorker()).get(RatingHandler);
  });
  afterAll(() => env.close());

  it('gives the last slot to exactly one of many players racing for it', async () => {
    const creator = await player(env, one);
    const m = await createMatch(one, creator, '2v2', { ranked: true });
    for (let i = 0; i < 2; i += 1) await join(one, await player(env, one), '2v2', m.match_code).expect(200);
    const racers: Player[] = [];
    for (let i = 0; i < 8; i += 1) racers.push(await player(env, one));
    const results = await race(racers.map((p, i) => () => join(url(i), p, '2v2', m.match_code)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect([r.status, r.body]).toEqual([409, { message: MSG.matchFull }]);
    const rows = await env.sql<{ team: string; n: number }>(`SELECT team, count(*)::int AS n FROM match_players WHERE match_id = $1 GROUP BY team ORDER BY team`, [m.match_id]);
    expect(rows).toEqual([
      { team: 'A', n: 2 },
      { team: 'B', n: 2 },
    ]);
    expect((await details(one, creator, m.match_id)).body).toMatchObject({ status: 'ready', players_needed: 0 });
  });

  it('gives the last slot of the other team to exactly one of the players changing team at once', async () => {
    const creator = await player(env, one);
    const m = await createMatch(one, creator, '5v5');
    const onA = [creator];
    for (let i = 0; i < 4; i += 1) {
      const p = await player(env, one);
      await join(one, p, '5v5', m.match_code).expect(200);
      onA.push(p);
    }
    for (let i = 0; i < 4; i += 1) await join(one, await player(env, one), '5v5', m.match_code).expect(200); // Team B: 4 of 5
    const results = await race(onA.map((p, i) => () => request(url(i)).post('/api/join-team').set(auth(p)).send({ match_id: m.match_id })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect([r.status, r.body]).toEqual([409, { message: MSG.teamFull }]);
    const rows = await env.sql<{ team: string; n: number }>(`SELECT team, count(*)::int AS n FROM match_players WHERE match_id = $1 GROUP BY team ORDER BY team`, [m.match_id]);
    expect(rows).toEqual([
      { team: 'A', n: 4 },
      { team: 'B', n: 5 },
    ]);
  });

  it('lets a player hold one slot only, even when joining twice at once on both instances', async () => {
    const creator = await player(env, one);
    const m = await createMatch(one, creator, '3v3');
    const p = await player(env, one);
    const results = await race([0, 1, 2, 3].map((i) => () => join(url(i), p, '3v3', m.match_code)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.message === MSG.alreadyInMatch)).toBe(true);
    expect(await env.sql(`SELECT user_id FROM match_players WHERE match_id = $1 AND user_id = $2`, [m.match_id, p.userId])).toHaveLength(1);
  });

  it('completes and rates a match once when both sides report the same score at the same moment', async () => {
    const m = await fullMatch(env, one, '1v1', { ranked: true });
    const [a, b] = m.all;
    await start(one, a, m.match_id).expect(200);
    const [ra, rb] = await race([() => report(one, a, '1v1', m.match_id, 11, 4), () => report(two, b, '1v1', m.match_id, 4, 11)]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    expect([ra.body.status, rb.body.status].sort()).toEqual(['completed', 'in-progress']);
    // The job may be delivered again (retry, duplicate enqueue, a second worker): still one set of events.
    await Promise.all([ratings.handle({ matchId: m.match_id }), ratings.handle({ matchId: m.match_id })]);
    await eventually(async () => (await env.sql(`SELECT 1 FROM rating_events WHERE match_id = $1`, [m.match_id])).length === 2);
    await ratings.handle({ matchId: m.match_id });
    const games = await env.sql<{ games: number }>(`SELECT games FROM ratings WHERE user_id = ANY($1::int[])`, [[a.userId, b.userId]]);
    expect(games).toEqual([{ games: 1 }, { games: 1 }]);
    expect(await env.sql(`SELECT 1 FROM rating_events WHERE match_id = $1`, [m.match_id])).toHaveLength(2);
  });

  it('opens exactly one dispute when two disagreeing reports arrive together', async () => {
    const m = await fullMatch(env, one, '2v2', { ranked: false });
    await start(two, m.creator, m.match_id).expect(200);
    const [ra, rb] = await race([() => report(one, m.teamA[1], '2v2', m.match_id, 11, 9), () => report(two, m.teamB[0], '2v2', m.match_id, 9, 11)]);
    expect([ra.body.status, rb.body.status].sort()).toEqual(['disputed', 'in-progress']);
    const notes = await env.sql<{ user_id: number }>(`SELECT user_id FROM notifications WHERE match_id = $1 AND type = 'dispute'`, [m.match_id]);
    expect(notes).toHaveLength(4);
  });

  it('settles a report racing a resolve consistently: one completion, no late report', async () => {
    const m = await fullMatch(env, one, '1v1', { ranked: true });
    const [a, b] = m.all;
    await start(one, a, m.match_id).expect(200);
    await report(one, a, '1v1', m.match_id, 11, 5).expect(200);
    await report(two, b, '1v1', m.match_id, 11, 5).expect(200); // b claims the win: disputed
    await resolve(one, a, '1v1', m.match_id, 5, 11).expect(200); // a concedes, waiting for b
    const [rep, res, res2] = await race([
      () => report(one, a, '1v1', m.match_id, 11, 0),
      () => resolve(two, b, '1v1', m.match_id, 11, 5),
      () => resolve(one, b, '1v1', m.match_id, 11, 5),
    ]);
    expect(rep.status).toBe(409);
    expect([MSG.matchIsDisputed, MSG.matchAlreadyCompleted]).toContain(rep.body.message);
    expect([res.status, res2.status].sort()).toEqual([200, 409]);
    const [row] = await env.sql(`SELECT status, team_a_score, team_b_score, settled_by FROM matches WHERE id = $1`, [m.match_id]);
    expect(row).toEqual({ status: 'completed', team_a_score: 5, team_b_score: 11, settled_by: 'resolved' });
    await eventually(async () => (await env.sql(`SELECT 1 FROM rating_events WHERE match_id = $1`, [m.match_id])).length === 2);
  });

  it("refuses every call whose payload user_id is not the caller's, and changes nothing", async () => {
    const m = await fullMatch(env, one, '2v2', { ranked: false });
    const [me, other] = [m.teamA[1], m.teamB[0]];
    const as = (path: string, body: object) =>
      request(two)
        .post(path)
        .set(auth(me))
        .send({ ...body, user_id: other.userId });
    const calls = [
      as('/api/create-match-1v1', {}),
      as('/api/join-match-2v2', { match_code: m.match_code }),
      as('/api/join-team', { match_id: m.match_id }),
      as(`/api/start-match/${m.match_id}`, {}),
      as('/api/report-score-2v2', { match_id: m.match_id, team_1_score: 1, team_2_score: 2 }),
      as('/api/report-score-1v1', { match_id: m.match_id, user_score: 1, opponent_score: 2 }),
    ];
    for (const res of await Promise.all(calls)) expect([res.status, res.body]).toEqual([403, { message: MSG.forbiddenActor }]);
    expect((await details(one, me, m.match_id)).body).toMatchObject({ status: 'ready' });
    expect(await env.sql(`SELECT 1 FROM matches WHERE creator_id = $1`, [me.userId])).toHaveLength(0);
    expect(await env.sql(`SELECT 1 FROM match_reports WHERE match_id = $1`, [m.match_id])).toHaveLength(0);
  });
});
