import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { createClient } from 'redis';
import { APP_CONFIG, AppConfig } from '../config/env';

export type RedisClient = ReturnType<typeof createClient>;
export const REDIS = Symbol('REDIS');

/**
 * How long one Redis command may take before it fails. With the offline queue off, a command
 * while the connection is down fails at once; this bounds one sent to a Redis that hangs, so a
 * call that needs Redis answers 503 within a second instead of waiting for it to come back
 * (docs/architecture.md#when-redis-is-away).
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

/** Builds a key under the deployment's prefix, so tests and deployments sharing a Redis never collide. */
export function redisKey(config: Pick<AppConfig, 'REDIS_PREFIX'>, ...parts: (string | number)[]): string {
  return [config.REDIS_PREFIX, ...parts].join(':');
}

/**
 * Our node-redis clients: they reconnect by themselves (backing off to 3 s), and while Redis is
 * away they refuse commands at once (no offline queue: nothing piles up in memory, nobody hangs).
 */
export async function connectRedis(url: string): Promise<RedisClient> {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    commandOptions: { timeout: REDIS_COMMAND_TIMEOUT_MS },
    socket: { reconnectStrategy: (retries) => Math.min(retries * 100, 3000), connectTimeout: 5000 },
  });
  // Without a listener node-redis throws on connection errors; reconnection is automatic.
  client.on('error', () => undefined);
  await client.connect();
  return client as RedisClient;
}

/** Names of the errors node-redis and ioredis (BullMQ) give when Redis cannot be reached in time. */
const UNAVAILABLE = new Set(['ClientClosedError', 'ClientOfflineError', 'ConnectionTimeoutError', 'SocketClosedUnexpectedlyError', 'TimeoutError', 'SocketTimeoutError', 'ReconnectStrategyError', 'MaxRetriesPerRequestError', 'RedisUnavailableError']);
const IOREDIS_UNAVAILABLE = /Stream isn't writeable|Command timed out|Connection is closed|enableOfflineQueue/;

/** Whether an error means "Redis is away", which callers answer with 503 rather than 500. */
export function isRedisUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return UNAVAILABLE.has(err.name) || UNAVAILABLE.has(err.constructor?.name) || IOREDIS_UNAVAILABLE.test(err.message);
}

class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly client: RedisClient) {}
  async onApplicationShutdown(): Promise<void> {
    if (this.client.isOpen) await this.client.quit().catch(() => this.client.destroy());
  }
}

/** The one shared command client (throttling, caches, sorted sets). Pub/sub clients are the adapter's own. */
@Global()
@Module({
  providers: [
    { provide: REDIS, inject: [APP_CONFIG], useFactory: (config: AppConfig) => connectRedis(config.REDIS_URL) },
    RedisCloser,
  ],
  exports: [REDIS],
})
export class RedisModule {}
