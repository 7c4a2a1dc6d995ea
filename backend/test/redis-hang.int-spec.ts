import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MSG } from '@gotnext/shared';
import { connectRedis, isRedisUnavailable, REDIS_COMMAND_TIMEOUT_MS, type RedisClient } from '../src/redis/redis.module';
import { createTestEnv, type TestEnv } from './support/harness';
import { player } from './support/matches';
import { PrivateRedis } from './support/private-redis';
import { waitFor } from './support/processes';
import { connectSocket, nextEvent, socketReady, socketTracker } from './support/sockets';

/**
 * docs/architecture.md#when-redis-is-away, the other half of redis-down.int-spec.ts: a Redis that
 * hangs (stopped, connections open) rather than one that is gone. Every command fails within the
 * command deadline as "Redis is away" (a 503 for the caller), and the client works again once
 * Redis answers. One watchdog per client fails every waiting command once no reply has come for
 * the deadline (redis.module.ts), so this checks commands sent at different moments of the hang.
 */
describe('a Redis that hangs: commands fail within the deadline, then work again', () => {
  let redis: PrivateRedis;
  let client: RedisClient;

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    client = await connectRedis(redis.url);
  });
  afterAll(async () => {
    redis.thaw();
    await client.quit().catch(() => client.destroy());
    await redis.stop();
  });

  it('fails each command sent during the hang within 1.25 s, and answers after it', async () => {
    await client.set('k', 'v');
    redis.freeze();
    const outcomes: Promise<{ ms: number; unavailable: boolean }>[] = [];
    // Commands spread over 1.2 s: they fall into different deadline windows.
    for (let i = 0; i < 7; i++) {
      const sent = Date.now();
      outcomes.push(
        client.get('k').then(
          () => ({ ms: Date.now() - sent, unavailable: false }),
          (err) => ({ ms: Date.now() - sent, unavailable: isRedisUnavailable(err) }),
        ),
      );
      await new Promise((r) => setTimeout(r, 200));
    }
    const results = await Promise.all(outcomes);
    for (const r of results) expect(r.unavailable).toBe(true);
    // The first waited the whole deadline (never failed early while Redis might still answer);
    // each one waited at most the deadline plus the watchdog's quarter-second check, plus timer
    // slack for a busy machine. Later ones fail sooner: Redis had already been silent a while.
    expect(results[0].ms).toBeGreaterThanOrEqual(REDIS_COMMAND_TIMEOUT_MS - 20);
    for (const r of results) expect(r.ms).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS + 250 + 1000);
    // Found hanging: a command now fails at once instead of waiting for the deadline again.
    const sent = Date.now();
    await expect(client.get('k')).rejects.toThrow('Redis is not answering');
    expect(Date.now() - sent).toBeLessThan(400);
    redis.thaw();
    // The client's own PING is answered within a quarter second or so; the replies to the
    // timed-out commands arrive now and are dropped; new commands get their own.
    const thawed = Date.now();
    await waitFor(
      () =>
        client.set('k', 'w').then(
          () => true,
          () => false,
        ),
      5000,
    );
    expect(Date.now() - thawed).toBeLessThan(1500);
    await expect(client.get('k')).resolves.toBe('w');
  });
});

/**
 * The same hang seen from an API instance that nobody is calling: it finds the hang by itself (a
 * PING with a deadline), tells its sockets as for a Redis that is down, fails every later call at
 * once instead of making each wait for the deadline again, and once Redis is restarted its
 * producers enqueue again within seconds (BullMQ's own reconnect back-off grew to 20 s).
 */
describe('an API on a Redis that hangs: sockets told, one wait at most, producers back at once', () => {
  /** Design: a PING every 0.5 s failing after 1 s, checked every 0.25 s; the rest is slack for a busy machine. */
  const DETECT_MS = 3000;
  /** A call once the hang is known: no Redis wait at all. */
  const AT_ONCE_MS = 500;
  /** Design: ioredis and node-redis retry at most 1 s apart. */
  const BACK_MS = 4000;
  let redis: PrivateRedis;
  let env: TestEnv;
  let api: { app: NestFastifyApplication; url: string };
  const sockets = socketTracker();

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    env = await createTestEnv({ REDIS_URL: redis.url });
    api = await env.startApi();
  });
  afterAll(async () => {
    sockets.closeAll();
    redis.thaw();
    await redis.up().catch(() => undefined);
    await env.close();
    await redis.stop();
  });

  async function timed(call: () => request.Test): Promise<{ status: number; body: { message?: string }; ms: number }> {
    const started = Date.now();
    const res = await call();
    return { status: res.status, body: res.body, ms: Date.now() - started };
  }
  const forgot = () => request(api.url).post('/api/forgot-password').send({ email: 'nobody@example.com' });

  it('tells sockets within about a second, answers 503 at once, and enqueues again within seconds of a restart', async () => {
    const alice = await player(env, api.url);
    await forgot().expect(200);
    const watcher = sockets.track(connectSocket(api.url, alice.token));
    await socketReady(watcher);
    const degraded = nextEvent<{ reason: string }>(watcher, 'system:degraded', DETECT_MS + 2000);

    redis.freeze();
    const frozeAt = Date.now();
    // Nobody calls: the instance notices by itself.
    expect(await degraded).toEqual({ reason: 'redis' });
    expect(Date.now() - frozeAt).toBeLessThan(DETECT_MS);

    // Known to hang: calls that need Redis do not wait for it again.
    const profile = await timed(() => request(api.url).get(`/api/user-profile/${alice.userId}`));
    expect(profile).toMatchObject({ status: 503, body: { message: MSG.serviceUnavailable } });
    expect(profile.ms).toBeLessThan(AT_ONCE_MS);
    const mail = await timed(forgot);
    expect(mail).toMatchObject({ status: 503, body: { message: MSG.serviceUnavailable } });
    expect(mail.ms).toBeLessThan(AT_ONCE_MS);

    // Restarted (with its data, as with AOF): the producers enqueue again within seconds.
    redis.thaw();
    await redis.kill();
    await redis.up();
    const upAt = Date.now();
    await waitFor(async () => (await forgot()).status === 200, 30_000);
    expect(Date.now() - upAt).toBeLessThan(BACK_MS);
    await request(api.url).get(`/api/user-profile/${alice.userId}`).expect(200);
  }, 120_000);
});
