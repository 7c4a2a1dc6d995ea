import request from 'supertest';
import { createClient } from 'redis';
import { displayRating, outcomeOf } from '@gotnext/shared';
import { DataSource } from 'typeorm';
import type { Queue } from 'bullmq';
import { createTestEnv, TestEnv } from './support/harness';
import { auth, createMatch, eventually, join, player, Player, report, start } from './support/matches';
import { checkRatingsAgainstReplay } from '../src/ratings/rating-replay-check';
import { Leaderboards } from '../src/ratings/leaderboards';
import { userIdOfMember } from '../src/ratings/leaderboard-member';
import { hadOutcomeSql } from '../src/matches/match-outcome-sql';

describe('rating job, leaderboards and the replay check', () => {
  let env: TestEnv;
  let url: string;
  let db: DataSource;
  let leaderboards: Leaderboards;
  let players: Player[];
  let ratingQueue: Queue;

  beforeAll(async () => {
    env = await createTestEnv();
    const api = await env.startApi();
    url = api.url;
    const worker = await env.startWorker();
    db = worker.get<DataSource>(DataSource);
    leaderboards = worker.get(Leaderboards);
    ratingQueue = api.app.get<Queue>('QUEUE_rating');
    players = [];
    for (let i = 0; i < 6; i += 1) players.push(await player(env, url, true, { state: i < 4 ? 'TX' : 'Canada' }));
  });
  afterAll(() => env.close());

  /** A 1v1 between a and b that a wins by `margin`, reported by both; ranked unless said otherwise. */
  async function play(a: Player, b: Player, margin: number, ranked = true) {
    const m = await createMatch(url, a, '1v1', { ranked, scoringType: '1s & 2s to 21' });
    await join(url, b, '1v1', m.match_code).expect(200);
    await start(url, a, m.match_id).expect(200);
    await report(url, a, '1v1', m.match_id, 21, 21 - margin).expect(200);
    return { id: m.match_id, last: () => report(url, b, '1v1', m.match_id, 21 - margin, 21) };
  }

  it('counts wins, losses and draws in SQL by the rule the screens show (profile statistics, head-to-head)', async () => {
    const cases: [string, number, number][] = [];
    for (const team of ['A', 'B'])
      for (const [a, b] of [
        [21, 15],
        [15, 21],
        [11, 11],
        [0, 0],
        [0, 999],
        [999, 998],
      ])
        cases.push([team, a, b]);
    const outcomes = ['Win', 'Loss', 'Draw'] as const;
    const rows: Record<string, boolean | null>[] = await db.query(
      `SELECT ${outcomes.map((o) => `${hadOutcomeSql('t.team', 't', o)} AS "${o}"`).join(', ')}
         FROM unnest($1::text[], $2::int[], $3::int[]) WITH ORDINALITY AS t(team, team_a_score, team_b_score, n) ORDER BY t.n`,
      [cases.map((c) => c[0]), cases.map((c) => c[1]), cases.map((c) => c[2])],
    );
    const expected = cases.map(([team, a, b]) => (team === 'A' ? outcomeOf(a, b) : outcomeOf(b, a)));
    expect(rows.map((r) => outcomes.filter((o) => r[o]))).toEqual(expected.map((o) => [o]));
    const [unscored]: Record<string, boolean | null>[] = await db.query(
      `SELECT ${outcomes.map((o) => `${hadOutcomeSql("'A'", 't', o)} AS "${o}"`).join(', ')} FROM (SELECT NULL::int AS team_a_score, NULL::int AS team_b_score) t`,
    );
    expect(unscored).toEqual({ Win: null, Loss: null, Draw: null });
  });

  it('rates overlapping matches completed at once in completion order, exactly as a replay does', async () => {
    const [p0, p1, p2, p3, p4, p5] = players;
    const games = [await play(p0, p1, 3), await play(p1, p2, 10), await play(p2, p0, 1), await play(p3, p4, 15), await play(p4, p5, 2), await play(p5, p3, 7)];
    const unranked = await play(p0, p5, 20, false);
    // The last reports all land together, so completions and rating jobs interleave.
    await Promise.all([...games, unranked].map((g) => g.last().expect(200)));
    await eventually(async () => (await env.sql(`SELECT 1 FROM rating_events`)).length === 12, 15000);
    // One job may apply every pending match (docs/rating.md#order-of-application): the others still
    // run after it and rewrite their players' board entries, so wait for them before touching ratings.
    await eventually(async () => {
      const c = await ratingQueue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      return c.waiting + c.active + c.delayed + (c.prioritized ?? 0) === 0;
    }, 15000);
    expect(await env.sql(`SELECT 1 FROM rating_events WHERE match_id = $1`, [unranked.id])).toHaveLength(0);
    const check = await checkRatingsAgainstReplay(db);
    expect(check).toEqual({ matches: 6, players: 6, differences: [] });

    // Any drift is reported.
    await env.sql(`UPDATE ratings SET rating = rating + 1e-9 WHERE user_id = $1`, [p0.userId]);
    const drift = await checkRatingsAgainstReplay(db);
    expect(drift.differences).toHaveLength(1);
    expect(drift.differences[0]).toContain(`player ${p0.userId}: stored`);
    await env.sql(`UPDATE ratings SET rating = rating - 1e-9 WHERE user_id = $1`, [p0.userId]);
  });

  it('keeps the leaderboard sorted sets in step and shows the region ranking on profiles', async () => {
    const redis = createClient({ url: env.config.REDIS_URL });
    await redis.connect();
    const world = await redis.zRangeWithScores(`${env.config.REDIS_PREFIX}:leaderboard:world`, 0, -1, { REV: true });
    const ratings = await env.sql<{ user_id: number; rating: number }>(`SELECT user_id, rating FROM ratings WHERE pool = 'overall' ORDER BY rating DESC, games DESC, user_id`);
    expect(world.map((w) => [userIdOfMember(w.value), w.score])).toEqual(ratings.map((r) => [r.user_id, r.rating]));
    const tx = await redis.zRange(`${env.config.REDIS_PREFIX}:leaderboard:state:TX`, 0, -1);
    expect(tx.map(userIdOfMember).sort()).toEqual(
      players
        .slice(0, 4)
        .map((p) => p.userId)
        .sort(),
    );
    expect(await redis.zCard(`${env.config.REDIS_PREFIX}:leaderboard:country:Canada`)).toBe(2);
    await redis.quit();

    const texans = ratings.filter((r) => players.slice(0, 4).some((p) => p.userId === r.user_id));
    const best = players.find((p) => p.userId === texans[0].user_id)!;
    const profile = await request(url).get(`/api/user-profile/${best.userId}`).expect(200);
    expect(profile.body).toMatchObject({ region_ranking: 1, rating: displayRating(texans[0].rating) });
    const second = await request(url).get(`/api/user-profile/${texans[1].user_id}`).expect(200);
    expect(second.body.region_ranking).toBe(2);
  });

  it('orders equal ratings by games desc, then user id asc, and drops players who are no longer eligible', async () => {
    const [p1, p2, p3] = players.slice(3); // p1 is in TX; p2, p3 in Canada
    await env.sql(`UPDATE ratings SET rating = 1600, games = 5 WHERE user_id = ANY($1::int[])`, [[p2.userId, p3.userId]]);
    await env.sql(`UPDATE ratings SET rating = 1600, games = 9 WHERE user_id = $1`, [p1.userId]);
    await leaderboards.refresh([p1.userId, p2.userId, p3.userId]);
    const top = [await leaderboards.rankIn('world', p1.userId), await leaderboards.rankIn('world', p2.userId), await leaderboards.rankIn('world', p3.userId)];
    const [lower, higher] = p2.userId < p3.userId ? [top[1], top[2]] : [top[2], top[1]];
    expect(lower! - top[0]!).toBe(1); // more games first
    expect(higher! - lower!).toBe(1); // then the smaller id
    await env.sql(`UPDATE users SET deleted_at = now() WHERE id = $1`, [p2.userId]);
    await leaderboards.refresh([p2.userId]);
    expect(await leaderboards.rankIn('world', p2.userId)).toBeNull();
    expect(await leaderboards.rankIn('country:Canada', p2.userId)).toBeNull();
    await env.sql(`UPDATE users SET deleted_at = NULL WHERE id = $1`, [p2.userId]);
  });

  it('hides what a player chose to hide from others, never from the player', async () => {
    const p = players[0];
    // Through the account edit, as a player does: its player.changed makes the cached profile stale.
    await request(url)
      .put('/api/update-user')
      .set(auth(p))
      .send({ preferences: { displayRating: false, displayWinsLosses: false, displayStateRanking: false, displayHeight: true }, height: `6'2`, weight: '190' })
      .expect(200);
    const other = await request(url).get(`/api/user-profile/${p.userId}`).set(auth(players[1])).expect(200);
    for (const hidden of ['rating', 'region_ranking', 'weight']) expect(other.body).not.toHaveProperty(hidden);
    expect(other.body.height).toBe(`6'2`);
    expect(other.body.match_statistics).not.toHaveProperty('total_wins');
    expect(other.body.match_statistics.games_played).toBe(3);
    const own = await request(url).get(`/api/user-profile/${p.userId}`).set(auth(p)).expect(200);
    expect(own.body).toMatchObject({ weight: '190', match_statistics: { games_played: 3 } });
    expect(own.body.rating).toMatch(/^\d\.\d{3}$/);
    expect(own.body.match_statistics).toHaveProperty('total_wins');
    const anonymous = await request(url).get('/api/user-profile/999999');
    expect([anonymous.status, anonymous.body]).toEqual([404, { message: 'Player not found.' }]);
    expect((await request(url).get(`/api/user-stats/${p.userId}`)).status).toBe(401);
  });

  it('lists history newest first, 10 recent without fullHistory, with rating changes of ranked games', async () => {
    const p = players[0];
    const stats = await request(url).get(`/api/user-stats/${p.userId}?timezone=Not/AZone`).set(auth(p)).expect(200);
    const history = stats.body.match_history as { completed_at: string; ranked: boolean; rating_change: string | null }[];
    expect(history).toHaveLength(3);
    const times = history.map((h) => h.completed_at);
    expect([...times].sort().reverse()).toEqual(times);
    for (const h of history) expect(h.rating_change === null).toBe(!h.ranked);
    expect(history.filter((h) => h.ranked).every((h) => /^[+-]\d\.\d{3}$/.test(h.rating_change!))).toBe(true);
  });
});
