import { HttpException } from '@nestjs/common';
import { MSG } from '@gotnext/shared';
import { ChatRateLimiter } from '../src/chat/chat-rate-limiter';
import { REDIS, type RedisClient } from '../src/redis/redis.module';
import { createTestEnv, type TestEnv } from './support/harness';

/**
 * The chat send limit's own rules (docs/social.md#chat-building-blocks): a sliding window counted in
 * slots of a tenth of the window, in Redis, whose cost does not grow with the limit. The REST and
 * socket calls that take from it are covered by social-messages and chat-socket-send.
 */
describe('the chat send limit', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv();
  });
  afterAll(() => env.close());

  /** Answers true when the send was taken, false when it was refused with the limit's 429. */
  const take = (limiter: ChatRateLimiter, sender: number) =>
    limiter.take('direct', sender).then(
      () => true,
      (err: unknown) => {
        expect(err).toBeInstanceOf(HttpException);
        expect((err as HttpException).getStatus()).toBe(429);
        expect((err as HttpException).getResponse()).toEqual({ message: MSG.sendingTooFast });
        return false;
      },
    );

  it('keeps a sender’s count in a few bytes of Redis whatever the limit (a log kept one entry per send)', async () => {
    const { app } = await env.startApi({ CHAT_SEND_LIMIT: 100000 });
    const limiter = app.get(ChatRateLimiter);
    const redis = app.get<RedisClient>(REDIS);
    const sender = 900001;
    const taken = await Promise.all(Array.from({ length: 400 }, () => take(limiter, sender)));
    expect(taken.every(Boolean)).toBe(true);
    let bytes = 0;
    let keys = 0;
    for await (const found of redis.scanIterator({ MATCH: `${env.config.REDIS_PREFIX}:chat-rate*:direct:${sender}`, COUNT: 1000 })) {
      for (const key of Array.isArray(found) ? found : [found]) {
        keys += 1;
        bytes += (await redis.memoryUsage(key)) ?? 0;
      }
    }
    expect(keys).toBe(1);
    // The sorted set of 400 sends took ~30 KB; the slots' hash is a few counters.
    expect(bytes).toBeLessThan(512);
  });

  it('never lets more than the limit through within one window, and gives the allowance back once it has passed', async () => {
    const { app } = await env.startApi({ CHAT_SEND_LIMIT: 3, CHAT_SEND_WINDOW_SECONDS: 2 });
    const limiter = app.get(ChatRateLimiter);
    const sender = 900002;
    const started = Date.now();
    expect(await Promise.all(Array.from({ length: 5 }, () => take(limiter, sender)))).toEqual([true, true, true, false, false]);
    await new Promise((r) => setTimeout(r, 1000));
    const stillRefused = await take(limiter, sender);
    // Half the window later it still holds the 3 sends (checked only while the window surely lasts).
    if (Date.now() - started < 1800) expect(stillRefused).toBe(false);
    // The window plus its slot (200 ms) after the sends, the allowance is whole again.
    await new Promise((r) => setTimeout(r, Math.max(0, started + 2000 + 200 + 100 - Date.now())));
    expect(await Promise.all(Array.from({ length: 4 }, () => take(limiter, sender)))).toEqual([true, true, true, false]);
  });
});
