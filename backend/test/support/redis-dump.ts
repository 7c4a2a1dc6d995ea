import { createClient } from 'redis';

/**
 * Everything stored under a key prefix, as text, key by key: strings, hashes (BullMQ's job data,
 * return values, failure reasons, stack traces), lists and sorted sets (its waiting, completed and
 * failed sets), sets, and streams (its event log). For asserting what never reaches Redis.
 */
export async function redisDump(redisUrl: string, prefix: string): Promise<Map<string, string>> {
  const redis = createClient({ url: redisUrl });
  await redis.connect();
  const out = new Map<string, string>();
  try {
    for await (const batch of redis.scanIterator({ MATCH: `${prefix}:*`, COUNT: 500 })) {
      for (const key of Array.isArray(batch) ? batch : [batch]) {
        const type = await redis.type(key);
        const value =
          type === 'string'
            ? await redis.get(key)
            : type === 'hash'
              ? await redis.hGetAll(key)
              : type === 'list'
                ? await redis.lRange(key, 0, -1)
                : type === 'set'
                  ? await redis.sMembers(key)
                  : type === 'zset'
                    ? await redis.zRange(key, 0, -1)
                    : type === 'stream'
                      ? await redis.xRange(key, '-', '+')
                      : `(${type})`;
        out.set(key, JSON.stringify(value));
      }
    }
  } finally {
    await redis.quit();
  }
  return out;
}
