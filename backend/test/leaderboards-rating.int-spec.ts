import request from 'supertest';
import { displayRating, type LeaderboardResponse } from '@gotnext/shared';
import { createTestEnv, type TestEnv } from './support/harness';
import { auth, createMatch, eventually, join, player, report, start } from './support/matches';
import { seedRanked } from './support/ranked';
import { Leaderboards } from '../src/ratings/leaderboards';

/**
 * A ranked result moves players on the boards through the real path: reports over HTTP, the
 * match completes, the worker's rating job applies it, and every API instance shows the new order
 * (docs/leaderboards.md#when-entries-change).
 */
describe('leaderboards follow the rating job', () => {
  let env: TestEnv;
  let urls: string[];

  beforeAll(async () => {
    env = await createTestEnv();
    urls = [(await env.startApi()).url, (await env.startApi()).url];
    await env.startWorker();
  });
  afterAll(() => env.close());

  it('moves the winner up and the loser down on the world, country and state boards, on both instances', async () => {
    const tag = `rj${Date.now().toString(36)}`;
    const seeded = await seedRanked(env, [
      { name: `${tag}high`, rating: 1530, state: 'OR' },
      { name: `${tag}mid`, rating: 1500, state: 'OR' },
      { name: `${tag}low`, rating: 1470, state: 'OR' },
    ]);
    const api = await env.startApi();
    await api.app.get(Leaderboards).refresh(seeded);
    const winner = await player(env, urls[0], true, { state: 'OR' });
    const loser = await player(env, urls[1], true, { state: 'OR' });
    const board = async (url: string, region = 'OR') => (await request(url).get(`/api/leaderboards/${region}`).expect(200)).body as LeaderboardResponse;
    // Both instances cache the board before the match.
    for (const url of urls) expect((await board(url)).players.map((p) => p.user_id)).toEqual(seeded);

    const m = await createMatch(urls[0], winner, '1v1', { ranked: true, scoringType: '1s & 2s to 11' });
    await join(urls[1], loser, '1v1', m.match_code).expect(200);
    await start(urls[0], winner, m.match_id).expect(200);
    await report(urls[0], winner, '1v1', m.match_id, 11, 5).expect(200);
    await report(urls[1], loser, '1v1', m.match_id, 5, 11).expect(200);

    // 11-5 between two new players: the winner goes to ≈1548.23, the loser to ≈1451.77 (docs/rating.md#formula).
    const expected = [winner.userId, seeded[0], seeded[1], seeded[2], loser.userId];
    for (const url of urls) await eventually(async () => (await board(url)).players.map((p) => p.user_id).join() === expected.join(), 15000);
    const [stored] = await env.sql<{ rating: number }>(`SELECT rating FROM ratings WHERE user_id = $1`, [winner.userId]);
    const after = await board(urls[1]);
    expect(after.players[0]).toMatchObject({ user_id: winner.userId, rank: 1, rating: displayRating(stored.rating), total_matches: 1, record: '1-0' });
    expect(after.players[4]).toMatchObject({ user_id: loser.userId, rank: 5, total_matches: 1, record: '0-1' });
    expect(after.total).toBe(5);
    expect((await board(urls[0], 'United States')).players.map((p) => p.user_id)).toEqual(expected);

    // Every number agrees: the player's own row, the profile's region ranking, the top 10.
    const own = (await request(urls[0]).get('/api/leaderboards/OR').set(auth(loser)).expect(200)).body as LeaderboardResponse;
    expect(own.you).toMatchObject({ user_id: loser.userId, rank: 5 });
    expect((await request(urls[1]).get(`/api/user-profile/${loser.userId}`).expect(200)).body.region_ranking).toBe(5);
    expect((await request(urls[1]).get('/api/top-players').expect(200)).body.players[0].user_id).toBe(winner.userId);
  });
});
