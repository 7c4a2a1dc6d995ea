import { connectRedis, isRedisUnavailable, REDIS_COMMAND_TIMEOUT_MS, type RedisClient } from '../src/redis/redis.module';
import { PrivateRedis } from './support/private-redis';

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
      outcomes.push(client.get('k').then(
        () => ({ ms: Date.now() - sent, unavailable: false }),
        (err) => ({ ms: Date.now() - sent, unavailable: isRedisUnavailable(err) }),
      ));
      await new Promise((r) => setTimeout(r, 200));
    }
    const results = await Promise.all(outcomes);
    for (const r of results) expect(r.unavailable).toBe(true);
    // The first waited the whole deadline (never failed early while Redis might still answer);
    // each one waited at most the deadline plus the watchdog's quarter-second check, plus timer
    // slack for a busy machine. Later ones fail sooner: Redis had already been silent a while.
    expect(results[0].ms).toBeGreaterThanOrEqual(REDIS_COMMAND_TIMEOUT_MS - 20);
    for (const r of results) expect(r.ms).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS + 250 + 1000);
    redis.thaw();
    // The replies to the timed-out commands arrive now and are dropped; new commands get their own.
    await expect(client.set('k', 'w')).resolves.toBe('OK');
    await expect(client.get('k')).resolves.toBe('w');
  });
});
