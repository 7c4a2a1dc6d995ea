import request from 'supertest';
import { createClient } from 'redis';
import { MSG } from '@gotnext/shared';
import { useTestApp, type TestEnv } from './support/harness';
import { signupAndLogin } from './support/players';
import { SessionsRepository } from '../src/sessions/sessions.repository';
import { SessionCache } from '../src/sessions/session-cache';
import { REDIS, type RedisClient } from '../src/redis/redis.module';

/**
 * docs/accounts.md#session-cache: a session PostgreSQL said is live is believed from Redis for a
 * while, on every instance, but revoking it (logout, deletion) is still refused at once on every
 * other instance, with nothing to wait for.
 */
describe('session cache', () => {
  let env: TestEnv;
  let one: string;
  let two: string;
  let rowsOfTwo: SessionsRepository;
  let cacheOfTwo: SessionCache;
  let redisOfTwo: RedisClient;

  useTestApp({ apis: 2 }, (started) => {
    env = started.env;
    [one, two] = started.apis.map((a) => a.url);
    rowsOfTwo = started.apis[1].app.get(SessionsRepository);
    cacheOfTwo = started.apis[1].app.get(SessionCache);
    redisOfTwo = started.apis[1].app.get<RedisClient>(REDIS);
  });

  async function cacheEntry(sessionKeyPart: string): Promise<string | null> {
    const redis = createClient({ url: env.config.REDIS_URL });
    await redis.connect();
    try {
      return await redis.get(`${env.config.REDIS_PREFIX}:${sessionKeyPart}`);
    } finally {
      await redis.quit();
    }
  }

  const sessionIdOf = (token: string): string => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid;
  const me = (url: string, token: string) => request(url).get('/api/user').set('authorization', `Bearer ${token}`);

  it('answers from the cache once PostgreSQL said live, and a logout on instance 1 is refused on instance 2 at the next request', async () => {
    const { token, userId } = await signupAndLogin(one);
    await me(two, token).expect(200);
    expect(await cacheEntry(`session:${sessionIdOf(token)}`)).toBe(String(userId));
    // From the cache now: instance 2 no longer asks PostgreSQL.
    const asked = jest.spyOn(rowsOfTwo, 'isLive');
    await me(two, token).expect(200);
    expect(asked).not.toHaveBeenCalled();
    asked.mockRestore();

    await request(one).post('/api/logout').set('authorization', `Bearer ${token}`).expect(200);
    expect((await me(two, token).expect(401)).body.message).toBe(MSG.sessionExpired);
    expect((await me(one, token).expect(401)).body.message).toBe(MSG.sessionExpired);
  });

  it('the checks of one turn of the event loop ask Redis once, each answered for its own session', async () => {
    const [live, ended, unseen] = [await signupAndLogin(one), await signupAndLogin(one), await signupAndLogin(one)];
    await me(two, live.token).expect(200);
    await me(two, ended.token).expect(200);
    await request(one).post('/api/logout').set('authorization', `Bearer ${ended.token}`).expect(200);
    const mget = jest.spyOn(redisOfTwo, 'mGet'); // counts the calls, Redis answers them
    try {
      const answers = await Promise.all([
        cacheOfTwo.get(sessionIdOf(live.token), live.userId),
        cacheOfTwo.get(sessionIdOf(ended.token), ended.userId),
        cacheOfTwo.get(sessionIdOf(unseen.token), unseen.userId),
        cacheOfTwo.get(sessionIdOf(live.token), unseen.userId), // someone else's session id
      ]);
      expect(answers).toEqual(['live', 'revoked', 'unknown', 'revoked']);
      expect(mget).toHaveBeenCalledTimes(1);
    } finally {
      mget.mockRestore();
    }
    // And a logout answered before a check is seen by it, batched or not.
    await request(one).post('/api/logout').set('authorization', `Bearer ${live.token}`).expect(200);
    expect(await Promise.all([cacheOfTwo.get(sessionIdOf(live.token), live.userId), cacheOfTwo.get(sessionIdOf(unseen.token), unseen.userId)])).toEqual(['revoked', 'unknown']);
  });

  it('a deletion on instance 1 ends every cached session of the account on instance 2 at once', async () => {
    const { player, token } = await signupAndLogin(one);
    const other = (await request(two).post('/api/login').send({ identifier: player.username, password: player.password }).expect(200)).body.token as string;
    await me(two, other).expect(200);
    await me(two, other).expect(200); // cached

    await request(one).delete('/api/delete-account').set('authorization', `Bearer ${token}`).send({ password: player.password }).expect(200);
    expect((await me(two, other).expect(401)).body.message).toBe(MSG.sessionExpired);
    expect((await me(two, token).expect(401)).body.message).toBe(MSG.sessionExpired);
  });

  it('a revoked row is refused even when the cache lost its entry, and the refusal is remembered', async () => {
    const { token } = await signupAndLogin(one);
    await me(one, token).expect(200);
    await env.sql(`UPDATE sessions SET revoked_at = now() WHERE id = $1`, [sessionIdOf(token)]);
    const redis = createClient({ url: env.config.REDIS_URL });
    await redis.connect();
    await redis.del(`${env.config.REDIS_PREFIX}:session:${sessionIdOf(token)}`);
    await redis.quit();
    await me(two, token).expect(401);
    expect(await cacheEntry(`session:${sessionIdOf(token)}`)).toBe('-');
  });

  it('sessions remembered in the same second are believed for 48 to 60 s each, not all until the same second', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => `spread-${Date.now()}-${i}`);
    await Promise.all(ids.map((id, i) => cacheOfTwo.remember(id, 1000 + i, true)));
    const lives = await Promise.all(ids.map((id) => redisOfTwo.pTTL(`${env.config.REDIS_PREFIX}:session:${id}`)));
    expect(lives.every((ms) => ms > 46_000 && ms <= 60_000)).toBe(true);
    // The lifetimes are whole seconds, 12 possible: all twelve on the same one is 12 · (1/12)^12, about 1 in 10^12.
    expect(Math.max(...lives) - Math.min(...lives)).toBeGreaterThan(900);
  });

  it('a forged session id in a token signed with another secret never reaches the cache', async () => {
    const { token } = await signupAndLogin(one);
    const [h, p] = token.split('.');
    await me(two, `${h}.${p}.${'A'.repeat(43)}`).expect(401);
  });
});
