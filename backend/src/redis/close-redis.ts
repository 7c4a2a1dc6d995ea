import type { RedisClientType } from 'redis';

type Closable = Pick<RedisClientType, 'isOpen' | 'isReady' | 'close' | 'destroy'>;

/**
 * Closes a node-redis client at shutdown without waiting on a Redis that is away. Connected, it
 * lets the replies it waits for arrive first (close(): a publish just batched still goes out);
 * between reconnect attempts it is destroyed, failing what it holds as the outage would have.
 * quit() queued a QUIT for the next connection, so a process stopped during an outage never
 * finished closing (worker-reconnect.int-spec.ts).
 */
export async function closeRedis(client: Closable | undefined): Promise<void> {
  if (!client?.isOpen) return;
  if (client.isReady) await client.close().catch(() => client.destroy());
  else client.destroy();
}
