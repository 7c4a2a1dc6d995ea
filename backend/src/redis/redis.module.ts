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

/**
 * Bounds how long a command waits for Redis's reply (REDIS_COMMAND_TIMEOUT_MS). node-redis's own
 * `timeout` option cannot do it: it only covers a command still waiting to be written, and drops
 * the timer once the command is on the wire, so a Redis that hangs with its connection open (the
 * kernel still accepts our writes) kept every caller waiting until it came back
 * (redis-hang.int-spec.ts). It also cost a timer and an `AbortSignal` per command, and a
 * DOMException each time that timer fired long after the reply: ~2 % of the API's CPU on a lobby
 * change (bench/lobby.bench.mjs, profiled).
 *
 * Here, per client: replies come back in order, so while commands are waiting, some reply must
 * arrive at least every REDIS_COMMAND_TIMEOUT_MS. One check every quarter second fails every
 * waiting command at once (as "Redis is away": a 503) when none has arrived for that long. A
 * command waits at most 1.25 s. Their replies, if Redis answers later, are dropped by node-redis
 * in order, and the next commands get their own.
 */
export class ReplyWatchdog {
  /**
   * How to fail each command still waiting for its reply. Each command's own promise is settled
   * from here, never raced against one long-lived "stall" promise: a race leaves a reaction on
   * that promise for every command, held until a stall that a healthy Redis never has (~300 bytes
   * per command, for the life of the process; docs/realtime.md#memory-per-socket).
   */
  private readonly waiting = new Set<(err: Error) => void>();
  private lastProgress = 0;

  private readonly timer: NodeJS.Timeout;

  /** `isOpen` false means the client was closed for good (quit/destroy; a reconnect keeps it open): the checks stop. */
  constructor(private readonly name: string, private readonly isOpen: () => boolean) {
    this.timer = setInterval(() => this.check(), REDIS_COMMAND_TIMEOUT_MS / 4).unref();
  }

  /** The command's reply, or a rejection once Redis has answered nothing for too long. */
  guard<T>(reply: Promise<T>): Promise<T> {
    if (this.waiting.size === 0) this.lastProgress = Date.now();
    return new Promise<T>((resolve, reject) => {
      this.waiting.add(reject);
      // A reply failed by a stall already left `waiting`; arriving late, it only moves lastProgress.
      const settled = () => {
        this.waiting.delete(reject);
        this.lastProgress = Date.now();
      };
      reply.then(
        (value) => (settled(), resolve(value)),
        (err: unknown) => (settled(), reject(err)),
      );
    });
  }

  private check(): void {
    if (!this.isOpen()) return clearInterval(this.timer);
    if (this.waiting.size === 0 || Date.now() - this.lastProgress < REDIS_COMMAND_TIMEOUT_MS) return;
    const failed = [...this.waiting];
    this.waiting.clear(); // those commands are answered now
    const err = new RedisStalledError(`${this.name}: no reply from Redis for ${REDIS_COMMAND_TIMEOUT_MS} ms`);
    for (const reject of failed) reject(err);
  }
}

/** Redis answered nothing within REDIS_COMMAND_TIMEOUT_MS while commands waited (ReplyWatchdog). */
export class RedisStalledError extends Error {
  override name = 'RedisStalledError';
}

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
    socket: { reconnectStrategy: (retries) => Math.min(retries * 100, 3000), connectTimeout: 5000 },
  });
  // Without a listener node-redis throws on connection errors; reconnection is automatic.
  client.on('error', () => undefined);
  await client.connect();
  // Every command and script goes through the client's own sendCommand (`_self`: what
  // createClient returns is an object inheriting from it, and commands call `_self.sendCommand`);
  // a MULTI goes out by itself, so its exec is guarded too. redis-hang.int-spec.ts fails if a
  // node-redis upgrade routes commands around these.
  const watchdog = new ReplyWatchdog(url, () => client.isOpen);
  const self = (client as unknown as { _self?: RedisClient })._self ?? client;
  const send = self.sendCommand.bind(self);
  self.sendCommand = ((args, options) => watchdog.guard(send(args, options))) as typeof client.sendCommand;
  const multi = client.multi.bind(client);
  client.multi = (() => {
    const m = multi();
    const exec = m.exec.bind(m);
    m.exec = ((...args: Parameters<typeof exec>) => watchdog.guard(exec(...args))) as typeof m.exec;
    return m;
  }) as typeof client.multi;
  return client as RedisClient;
}

/** Names of the errors node-redis and ioredis (BullMQ) give when Redis cannot be reached in time. */
const UNAVAILABLE = new Set(['RedisStalledError', 'ClientClosedError', 'ClientOfflineError', 'ConnectionTimeoutError', 'SocketClosedUnexpectedlyError', 'TimeoutError', 'SocketTimeoutError', 'ReconnectStrategyError', 'MaxRetriesPerRequestError', 'RedisUnavailableError']);
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

/** The one shared command client (throttling, caches, sorted sets, and the adapter's publishes: docs/realtime.md#fan-out). The adapter's subscriber is its own. */
@Global()
@Module({
  providers: [
    { provide: REDIS, inject: [APP_CONFIG], useFactory: (config: AppConfig) => connectRedis(config.REDIS_URL) },
    RedisCloser,
  ],
  exports: [REDIS],
})
export class RedisModule {}
