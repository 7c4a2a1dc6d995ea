import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { createClient } from 'redis';
import { APP_CONFIG, AppConfig } from '../config/env';
import { closeRedis } from './close-redis';

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
 * How long a client may go without a reply before it sends a PING of its own, so a Redis that
 * hangs while this process sends nothing is found too: at most this plus REDIS_COMMAND_TIMEOUT_MS
 * plus a quarter-second check after the hang began.
 */
export const REDIS_HEARTBEAT_MS = 500;

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
 *
 * With a `probe` (a raw PING), the client also sends one after REDIS_HEARTBEAT_MS without a
 * reply, and from the first stall on it is `stalled` until a probe is answered: connectRedis then
 * fails every command at once, so one call waits for a hung Redis at most once, and `onChange`
 * tells the process (its sockets are told, docs/architecture.md#when-redis-is-away).
 */
export class ReplyWatchdog {
  /**
   * How to fail each command still waiting for its reply. Each command's own promise is settled
   * from here, never raced against one long-lived "stall" promise: a race leaves a reaction on
   * that promise for every command, held until a stall that a healthy Redis never has (~300 bytes
   * per command, for the life of the process; docs/realtime.md#memory-per-socket).
   */
  private readonly waiting = new Set<(err: Error) => void>();
  private lastProgress = Date.now();
  private lastCheck = Date.now();
  private probing = false;
  private isStalled = false;

  private readonly timer: NodeJS.Timeout;

  /** `isOpen` false means the client was closed for good (quit/destroy; a reconnect keeps it open): the checks stop. */
  constructor(
    private readonly name: string,
    private readonly isOpen: () => boolean,
    private readonly probe?: () => Promise<unknown>,
    private readonly onChange?: (stalled: boolean) => void,
  ) {
    this.timer = setInterval(() => this.check(), REDIS_COMMAND_TIMEOUT_MS / 4).unref();
  }

  /** Whether Redis has answered nothing for the deadline and no probe has been answered since. */
  get stalled(): boolean {
    return this.isStalled;
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
    // A tick that comes late follows a busy event loop (a long synchronous step, a starved
    // machine): timers run before pending I/O is read, so the replies may be waiting in the socket
    // and it was this process, not Redis, that was slow. The next tick, on time, decides.
    const now = Date.now();
    const late = now - this.lastCheck > REDIS_COMMAND_TIMEOUT_MS / 2;
    this.lastCheck = now;
    if (late) return;
    if (this.waiting.size > 0 && Date.now() - this.lastProgress >= REDIS_COMMAND_TIMEOUT_MS) {
      const failed = [...this.waiting];
      this.waiting.clear(); // those commands are answered now
      const err = new RedisStalledError(`${this.name}: no reply from Redis for ${REDIS_COMMAND_TIMEOUT_MS} ms`);
      for (const reject of failed) reject(err);
      if (this.probe) this.setStalled(true);
    }
    if (this.probe && !this.probing && (this.isStalled || (this.waiting.size === 0 && Date.now() - this.lastProgress >= REDIS_HEARTBEAT_MS))) {
      this.probing = true;
      const pong = this.probe();
      // Answered, even after its deadline: Redis is back. Guarded: no answer in time is a stall.
      pong.then(
        () => this.setStalled(false),
        () => undefined,
      );
      this.guard(pong).then(
        () => (this.probing = false),
        () => (this.probing = false),
      );
    }
  }

  private setStalled(stalled: boolean): void {
    if (this.isStalled === stalled) return;
    this.isStalled = stalled;
    this.onChange?.(stalled);
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

const watchdogs = new WeakMap<object, ReplyWatchdog>();

/** Whether this client of connectRedis found Redis hanging and has had no answer since (ReplyWatchdog). */
export function isRedisStalled(client: RedisClient): boolean {
  return watchdogs.get(client)?.stalled ?? false;
}

/** Events connectRedis's clients emit when their Redis stops answering and when it answers again. */
export const REDIS_STALLED = 'gotnext:stalled';
export const REDIS_ANSWERING = 'gotnext:answering';

/**
 * Our node-redis clients: they reconnect by themselves (backing off to 1 s), and while Redis is
 * away or hangs they refuse commands at once (no offline queue: nothing piles up in memory,
 * nobody hangs; a found hang fails what follows at once).
 */
export async function connectRedis(url: string): Promise<RedisClient> {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: { reconnectStrategy: (retries) => Math.min(retries * 100, 1000), connectTimeout: 5000 },
  });
  // Without a listener node-redis throws on connection errors; reconnection is automatic.
  client.on('error', () => undefined);
  await client.connect();
  // Every command and script goes through the client's own sendCommand (`_self`: what
  // createClient returns is an object inheriting from it, and commands call `_self.sendCommand`);
  // a MULTI goes out by itself, so its exec is guarded too. redis-hang.int-spec.ts fails if a
  // node-redis upgrade routes commands around these.
  const self = (client as unknown as { _self?: RedisClient })._self ?? client;
  const send = self.sendCommand.bind(self);
  const watchdog = new ReplyWatchdog(
    url,
    () => client.isOpen,
    () => send(['PING']),
    (stalled) => client.emit(stalled ? REDIS_STALLED : REDIS_ANSWERING),
  );
  watchdogs.set(client, watchdog);
  const stalledError = () => Promise.reject(new RedisStalledError(`${url}: Redis is not answering`));
  self.sendCommand = ((args, options) => (watchdog.stalled ? stalledError() : watchdog.guard(send(args, options)))) as typeof client.sendCommand;
  const multi = client.multi.bind(client);
  client.multi = (() => {
    const m = multi();
    const exec = m.exec.bind(m);
    m.exec = ((...args: Parameters<typeof exec>) => (watchdog.stalled ? stalledError() : watchdog.guard(exec(...args)))) as typeof m.exec;
    return m;
  }) as typeof client.multi;
  return client as RedisClient;
}

/** Names of the errors node-redis and ioredis (BullMQ) give when Redis cannot be reached in time. */
const UNAVAILABLE = new Set([
  'RedisStalledError',
  'ClientClosedError',
  'ClientOfflineError',
  'ConnectionTimeoutError',
  'SocketClosedUnexpectedlyError',
  'TimeoutError',
  'SocketTimeoutError',
  'ReconnectStrategyError',
  'MaxRetriesPerRequestError',
  'RedisUnavailableError',
]);
const IOREDIS_UNAVAILABLE = /Stream isn't writeable|Command timed out|Connection is closed|enableOfflineQueue/;

/** Whether an error means "Redis is away", which callers answer with 503 rather than 500. */
export function isRedisUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return UNAVAILABLE.has(err.name) || UNAVAILABLE.has(err.constructor?.name) || IOREDIS_UNAVAILABLE.test(err.message);
}

class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly client: RedisClient) {}
  async onApplicationShutdown(): Promise<void> {
    await closeRedis(this.client);
  }
}

/** The one shared command client (throttling, caches, sorted sets, and the adapter's publishes: docs/realtime.md#fan-out). The adapter's subscriber is its own. */
@Global()
@Module({
  providers: [{ provide: REDIS, inject: [APP_CONFIG], useFactory: (config: AppConfig) => connectRedis(config.REDIS_URL) }, RedisCloser],
  exports: [REDIS],
})
export class RedisModule {}
