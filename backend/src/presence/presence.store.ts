import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { REDIS, type RedisClient, redisKey } from '../redis/redis.module';

/**
 * An instance's lease: it renews it every PRESENCE_HEARTBEAT_MS; one not renewed for
 * PRESENCE_LEASE_MS is dead, and the first instance to sweep takes its sockets out of presence and
 * pushes `offline` for the players left with none (docs/social.md#presence).
 */
export const PRESENCE_LEASE_MS = 3_000;
export const PRESENCE_HEARTBEAT_MS = 1_000;
/** Dead instances' sockets one sweep takes out at most (a sweep runs on every instance every heartbeat). */
const SWEEP_BATCH = 500;

// Every script reads Redis's own clock, so all instances agree on "now".
const NOW = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/**
 * Adds a socket to its player's set and to its instance's list; answers how many sockets the
 * player had before (0: they just came online). KEYS: player set, instance list; ARGV: member, item.
 */
const CONNECT = `local before = redis.call('ZCARD', KEYS[1])
redis.call('ZADD', KEYS[1], 0, ARGV[1])
redis.call('PERSIST', KEYS[1])
redis.call('SADD', KEYS[2], ARGV[2])
return before`;

/** Removes a socket; answers the sockets left, or -1 when it was not there (a sweep took it). */
const DISCONNECT = `local removed = redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('SREM', KEYS[2], ARGV[2])
if removed == 0 then return -1 end
return redis.call('ZCARD', KEYS[1])`;

/** Renews the instance's lease; 1 if it held one, 0 if it had none (first beat, or swept as dead). KEYS: leases; ARGV: id, lease ms. */
const HEARTBEAT = `${NOW}
local had = redis.call('ZSCORE', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
if had then return 1 end
return 0`;

/** A stopping instance, its sockets signed off: its lease and list go. KEYS: leases, instance list; ARGV: id. */
const RETIRE = `redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('DEL', KEYS[2])
return 0`;

/**
 * Claims the instances whose lease ran out (each by one sweeper: the claim is this script) and
 * takes up to ARGV[2] of the claimed instances' sockets out of their players' sets; answers the
 * players left with no socket. KEYS: leases, claimed instances; ARGV: key prefix, batch.
 */
const SWEEP = `${NOW}
local p = ARGV[1]
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, 10)) do
  redis.call('ZREM', KEYS[1], id)
  local list = p .. ':presence-instance:' .. id
  if redis.call('EXISTS', list) == 1 then
    redis.call('RENAME', list, p .. ':presence-sweep:' .. id)
    redis.call('SADD', KEYS[2], id)
  end
end
local offline = {}
local budget = tonumber(ARGV[2])
for _, id in ipairs(redis.call('SMEMBERS', KEYS[2])) do
  if budget <= 0 then break end
  local list = p .. ':presence-sweep:' .. id
  local items = redis.call('SPOP', list, budget)
  budget = budget - #items
  for _, item in ipairs(items) do
    local sep = string.find(item, '|', 1, true)
    local user = string.sub(item, 1, sep - 1)
    local key = p .. ':presence:' .. user
    if redis.call('ZREM', key, string.sub(item, sep + 1)) == 1 and redis.call('ZCARD', key) == 0 then table.insert(offline, user) end
  end
  if redis.call('SCARD', list) == 0 then redis.call('SREM', KEYS[2], id) end
end
return offline`;

/** For each key, how many sockets it holds. */
const ONLINE = `local out = {}
for i, key in ipairs(KEYS) do out[i] = redis.call('ZCARD', key) end
return out`;

/**
 * Who is online, across every API instance (docs/social.md#presence): one sorted set per player in
 * Redis, its members the player's open sockets (`{instance}/{socket id}`), and per instance the
 * list of what it recorded. Each instance holds a lease it renews every PRESENCE_HEARTBEAT_MS; an
 * instance that died (killed, no shutdown) stops renewing it, and within PRESENCE_LEASE_MS plus a
 * heartbeat another instance's sweep takes its sockets out and pushes `offline`. The scripts build
 * the player keys from the prefix, so this needs one Redis (not a cluster), as the rest does.
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

  private leases(): string {
    return redisKey(this.config, 'presence-leases');
  }

  private list(instance: string): string {
    return redisKey(this.config, 'presence-instance', instance);
  }

  /** Records an open socket of `instance`; true when it is the user's first (they came online). */
  async connected(instance: string, userId: number, socketId: string): Promise<boolean> {
    const member = `${instance}/${socketId}`;
    const before = await this.redis.eval(CONNECT, { keys: [this.key(userId), this.list(instance)], arguments: [member, `${userId}|${member}`] });
    return Number(before) === 0;
  }

  /** Forgets a closed socket; true when none is left (they went offline) and a sweep had not said so already. */
  async disconnected(instance: string, userId: number, socketId: string): Promise<boolean> {
    const member = `${instance}/${socketId}`;
    const left = await this.redis.eval(DISCONNECT, { keys: [this.key(userId), this.list(instance)], arguments: [member, `${userId}|${member}`] });
    return Number(left) === 0;
  }

  /** Renews `instance`'s lease; false when it had none (its first beat, or it was swept as dead meanwhile). */
  async heartbeat(instance: string): Promise<boolean> {
    return Number(await this.redis.eval(HEARTBEAT, { keys: [this.leases()], arguments: [instance, String(PRESENCE_LEASE_MS)] })) === 1;
  }

  async retire(instance: string): Promise<void> {
    await this.redis.eval(RETIRE, { keys: [this.leases(), this.list(instance)], arguments: [instance] });
  }

  /** Takes dead instances' sockets out; the players that went offline by it. */
  async sweep(): Promise<number[]> {
    const users = (await this.redis.eval(SWEEP, {
      keys: [this.leases(), redisKey(this.config, 'presence-swept')],
      arguments: [this.config.REDIS_PREFIX, String(SWEEP_BATCH)],
    })) as string[];
    return users.map(Number);
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
