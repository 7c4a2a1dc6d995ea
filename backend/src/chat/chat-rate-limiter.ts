import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { MSG } from '@gotnext/shared';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { REDIS, type RedisClient, redisKey } from '../redis/redis.module';

/**
 * A sliding-window log in one sorted set per (channel, sender), run as one Lua script so that the
 * check and the take are atomic on Redis, and timed by Redis's own clock so every API instance
 * counts the same window (docs/social.md#chat-building-blocks).
 * Answers {1, 0} when the send is taken, {0, ms until the oldest send leaves the window} otherwise.
 */
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= limit then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, tonumber(oldest[2]) + window - now}
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return {1, 0}`;

/**
 * The send rate limit of every chat, shared by all API instances: at most CHAT_SEND_LIMIT messages
 * per CHAT_SEND_WINDOW_SECONDS per sender and channel. Direct messages use the channel 'direct';
 * league chat takes from its own channel with the same call.
 */
@Injectable()
export class ChatRateLimiter {
  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Takes one send from the sender's allowance in `channel`, or refuses with 429 'You are sending messages too fast…'. */
  async take(channel: string, senderId: number): Promise<void> {
    const [allowed] = (await this.redis.eval(TAKE, {
      keys: [redisKey(this.config, 'chat-rate', channel, senderId)],
      arguments: [String(this.config.CHAT_SEND_LIMIT), String(this.config.CHAT_SEND_WINDOW_SECONDS * 1000), randomUUID()],
    })) as [number, number];
    if (allowed !== 1) throw new HttpException({ message: MSG.sendingTooFast }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
