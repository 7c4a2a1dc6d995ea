import request from 'supertest';
import { createClient } from 'redis';
import { createTestEnv, TestEnv } from './support/harness';
import { auth, eventually, fullMatch, report, start } from './support/matches';
import { PLAYER_PASSWORD } from './support/players';
import { Leaderboards } from '../src/ratings/leaderboards';

/** Leaderboards list only verified, live players: every change of that takes them off at once. */
describe('leaderboard standing follows the account', () => {
  let env: TestEnv;
  let url: string;
  let redis: ReturnType<typeof createClient>;
  let leaderboards: Leaderboards;

  beforeAll(async () => {
    env = await createTestEnv();
    url = (await env.startApi()).url;
    leaderboards = (await env.startWorker()).get(Leaderboards);
    redis = createClient({ url: env.config.REDIS_URL });
    await redis.connect();
  });
  afterAll(async () => {
    await redis.quit();
    await env.close();
  });

  it('drops a player whose identity edit clears the ID check, and a deleted player', async () => {
    const m = await fullMatch(env, url, '1v1');
    const [a, b] = m.all;
    await start(url, a, m.match_id).expect(200);
    await report(url, a, '1v1', m.match_id, 11, 7).expect(200);
    await report(url, b, '1v1', m.match_id, 7, 11).expect(200);
    const rank = (id: number) => leaderboards.rankIn('world', id);
    await eventually(async () => (await rank(a.userId)) !== null && (await rank(b.userId)) !== null);

    await request(url).put('/api/update-user').set(auth(a)).send({ first_name: 'Renamed' }).expect(200);
    expect(await rank(a.userId)).toBeNull();
    expect(await rank(b.userId)).toBe(1);

    await request(url).delete('/api/delete-account').set(auth(b)).send({ password: PLAYER_PASSWORD }).expect(200);
    expect(await rank(b.userId)).toBeNull();
    expect(await redis.zCard(`${env.config.REDIS_PREFIX}:leaderboard:world`)).toBe(0);
  });
});
