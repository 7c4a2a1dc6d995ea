import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/env';
import { REDIS, RedisClient, redisKey } from '../redis/redis.module';
import { runScript } from '../redis/run-script';

/** One counter a hit is checked against and counted in. */
export interface Limit {
  /** Names the counter, e.g. `login:pair:user:12:10.0.0.7` (the deployment prefix is added here). */
  key: string;
  /** The hit is refused once the counter has reached this; 0 counts without ever refusing. */
  max: number;
  /** The counter's window, opened by its first hit. */
  windowSeconds: number;
  /** Counts distinct members (e.g. accounts one address failed on) instead of hits. */
  member?: string;
}

export type HitResult =
  /** Counted; `counts` are the counters after this hit, in the order given. */
  | { allowed: true; counts: number[] }
  /** Nothing counted; the earliest moment every refusing counter lets go is this far away. */
  | { allowed: false; retryAfterSeconds: number };

/**
 * Check and count in one step, so concurrent requests on any number of API instances can never
 * pass a limit together: every limit is checked, and only when none has been reached are they all
 * counted. KEYS are the counters; ARGV holds max, window (ms) and member per counter.
 */
const HIT = `
local wait = 0
for i, key in ipairs(KEYS) do
  local max, window, member = tonumber(ARGV[3*i-2]), tonumber(ARGV[3*i-1]), ARGV[3*i]
  if max > 0 then
    local used
    if member == '' then used = tonumber(redis.call('GET', key) or '0')
    elseif redis.call('SISMEMBER', key, member) == 1 then used = 0
    else used = redis.call('SCARD', key) end
    if used >= max then
      local ttl = redis.call('PTTL', key)
      if ttl <= 0 then ttl = window end
      if ttl > wait then wait = ttl end
    end
  end
end
if wait > 0 then return {0, wait} end
local counts = {1, 0}
for i, key in ipairs(KEYS) do
  local window, member = tonumber(ARGV[3*i-1]), ARGV[3*i]
  local n
  if member == '' then n = redis.call('INCR', key)
  else redis.call('SADD', key, member); n = redis.call('SCARD', key) end
  if redis.call('PTTL', key) < 0 then redis.call('PEXPIRE', key, window) end
  counts[#counts + 1] = n
end
return counts`;

/** Takes one hit back from each counter that still exists (never below zero, never reviving an expired one). */
const UNDO = `
for i, key in ipairs(KEYS) do
  local member = ARGV[i]
  if member == '' then
    if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
  else redis.call('SREM', key, member) end
end
return 1`;

/**
 * The one throttle building block (docs/accounts.md#throttling): counters in Redis shared by every
 * API instance, checked and counted atomically by a Lua script. The policies (login, sign-up, mail
 * requests, the admin board) are in login-attempts.ts and request-limits.ts.
 */
@Injectable()
export class RateLimiter {
  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private key(name: string): string {
    return redisKey(this.config, 'throttle', name);
  }

  /** Counts one hit on every limit, unless one of them has been reached; then counts nothing. */
  async hit(limits: Limit[]): Promise<HitResult> {
    const args = limits.flatMap((l) => [String(l.max), String(l.windowSeconds * 1000), l.member ?? '']);
    const reply = await runScript<number[]>(
      this.redis,
      HIT,
      limits.map((l) => this.key(l.key)),
      args,
    );
    if (reply[0] === 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(reply[1] / 1000)) };
    return { allowed: true, counts: reply.slice(2) };
  }

  /** Takes back a hit that turned out fine (a login that succeeded after it was counted). */
  async undo(limits: Limit[]): Promise<void> {
    await runScript(
      this.redis,
      UNDO,
      limits.map((l) => this.key(l.key)),
      limits.map((l) => l.member ?? ''),
    );
  }

  async clear(keys: string[]): Promise<void> {
    if (keys.length) await this.redis.del(keys.map((k) => this.key(k)));
  }

  /** Remembers `member` in the set `key` for `days` (renewed on every call). */
  async remember(key: string, member: string, days: number): Promise<void> {
    await this.redis
      .multi()
      .sAdd(this.key(key), member)
      .expire(this.key(key), days * 86400)
      .exec();
  }

  async remembers(key: string, member: string): Promise<boolean> {
    return Boolean(await this.redis.sIsMember(this.key(key), member));
  }

  async members(key: string): Promise<string[]> {
    return this.redis.sMembers(this.key(key));
  }
}
