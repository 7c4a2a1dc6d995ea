import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { REDIS, type RedisClient, redisKey } from '../redis/redis.module';

/** A socket counts as present this long after its last heartbeat; a crashed instance's sockets fade within it. */
export const PRESENCE_TTL_MS = 30_000;
/** How often each instance renews its own sockets (well inside the TTL). */
export const PRESENCE_HEARTBEAT_MS = 10_000;

// Every script reads Redis's own clock, so all instances agree on "now".
const NOW = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** Adds a socket; answers how many live sockets the user had before (0: they just came online). */
const CONNECT = `${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local before = redis.call('ZCARD', KEYS[1])
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return before`;

/** Removes a socket; answers how many live sockets remain (0: they just went offline). */
const DISCONNECT = `${NOW}
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return redis.call('ZCARD', KEYS[1])`;

/** Renews sockets that are still there: KEYS[i] holds ARGV[i + 1]; ARGV[1] is the TTL. */
const RENEW = `${NOW}
local ttl = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  if redis.call('ZADD', key, 'XX', 'CH', now + ttl, ARGV[i + 1]) == 1 then redis.call('PEXPIRE', key, ttl) end
end
return 0`;

/** For each key, whether it holds a socket that has not expired. */
const ONLINE = `${NOW}
local out = {}
for i, key in ipairs(KEYS) do out[i] = redis.call('ZCOUNT', key, now, '+inf') end
return out`;

/**
 * Who is online, across every API instance (docs/social.md#presence): one sorted set per player in
 * Redis, its members the player's open sockets, each scored with when it expires. A socket leaves
 * the set when it disconnects; its instance renews it every PRESENCE_HEARTBEAT_MS, so the sockets
 * of an instance that died fade out after PRESENCE_TTL_MS.
 */
@Injectable()
export class PresenceStore {
  private readonly logger = new Logger('Presence');

  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private key(userId: number): string {
    return redisKey(this.config, 'presence', userId);
  }

  /** Records an open socket; true when it is the user's first (they came online). */
  async connected(userId: number, socketId: string): Promise<boolean> {
    const before = await this.redis.eval(CONNECT, { keys: [this.key(userId)], arguments: [socketId, String(PRESENCE_TTL_MS)] });
    return Number(before) === 0;
  }

  /** Forgets a closed socket; true when none is left (they went offline). */
  async disconnected(userId: number, socketId: string): Promise<boolean> {
    const left = await this.redis.eval(DISCONNECT, { keys: [this.key(userId)], arguments: [socketId] });
    return Number(left) === 0;
  }

  async renew(sockets: { userId: number; socketId: string }[]): Promise<void> {
    if (!sockets.length) return;
    await this.redis.eval(RENEW, { keys: sockets.map((s) => this.key(s.userId)), arguments: [String(PRESENCE_TTL_MS), ...sockets.map((s) => s.socketId)] });
  }

  /**
   * Which of these players have a live socket now. Best effort: without Redis every dot is off
   * (logged), and the list that asked still answers.
   */
  async onlineAmong(userIds: number[]): Promise<Set<number>> {
    if (!userIds.length) return new Set();
    try {
      const counts = (await this.redis.eval(ONLINE, { keys: userIds.map((id) => this.key(id)), arguments: [] })) as number[];
      return new Set(userIds.filter((_, i) => Number(counts[i]) > 0));
    } catch (err) {
      this.logger.warn(`presence read failed: ${(err as Error).message}`);
      return new Set();
    }
  }

  async isOnline(userId: number): Promise<boolean> {
    return (await this.onlineAmong([userId])).has(userId);
  }
}
