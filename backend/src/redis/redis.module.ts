import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { createClient } from 'redis';
import { APP_CONFIG, AppConfig } from '../config/env';

export type RedisClient = ReturnType<typeof createClient>;
export const REDIS = Symbol('REDIS');

/** Builds a key under the deployment's prefix, so tests and deployments sharing a Redis never collide. */
export function redisKey(config: Pick<AppConfig, 'REDIS_PREFIX'>, ...parts: (string | number)[]): string {
  return [config.REDIS_PREFIX, ...parts].join(':');
}

export async function connectRedis(url: string): Promise<RedisClient> {
  const client = createClient({ url, socket: { reconnectStrategy: (retries) => Math.min(retries * 100, 3000) } });
  // Without a listener node-redis throws on connection errors; reconnection is automatic.
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly client: RedisClient) {}
  async onApplicationShutdown(): Promise<void> {
    if (this.client.isOpen) await this.client.quit().catch(() => undefined);
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
