import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { MSG } from '@gotnext/shared';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { REDIS, type RedisClient, redisKey } from '../redis/redis.module';
import { runScript } from '../redis/run-script';
import { TurnBatcher } from './turn-batcher';

/**
 * A sliding-window log in one sorted set per (channel, sender), run as one Lua script so that the
 * check and the take are atomic on Redis, and timed by Redis's own clock so every API instance
 * counts the same window (docs/social.md#chat-building-blocks). One call takes the sends of a
 * turn (KEYS[i] with member ARGV[i + 2]), one after another as separate calls would: a sender
 * twice in a batch counts twice. Answers 1 per send taken, 0 per send refused.
 */
const TAKE_MANY = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local out = {}
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  if redis.call('ZCARD', key) >= limit then
    out[i] = 0
  else
    redis.call('ZADD', key, now, ARGV[i + 2])
    redis.call('PEXPIRE', key, window)
    out[i] = 1
  end
end
return out`;

interface Take {
  channel: string;
  senderId: number;
}

/**
 * The send rate limit of every chat, shared by all API instances: at most CHAT_SEND_LIMIT messages
 * per CHAT_SEND_WINDOW_SECONDS per sender and channel. Direct messages use the channel 'direct';
 * league chat takes from its own channel with the same call. The sends an instance checks within
 * one turn of its event loop go to Redis as one script call (TurnBatcher): one command instead
 * of one per message (bench/chat.bench.mjs).
 */
@Injectable()
export class ChatRateLimiter {
  private readonly takes = new TurnBatcher<Take, boolean>((takes) => this.takeMany(takes));

  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Takes one send from the sender's allowance in `channel`, or refuses with 429 'You are sending messages too fast…'. */
  async take(channel: string, senderId: number): Promise<void> {
    if (!(await this.takes.add({ channel, senderId }))) throw new HttpException({ message: MSG.sendingTooFast }, HttpStatus.TOO_MANY_REQUESTS);
  }

  private async takeMany(takes: readonly Take[]): Promise<boolean[]> {
    const taken = await runScript<number[]>(
      this.redis,
      TAKE_MANY,
      takes.map((t) => redisKey(this.config, 'chat-rate', t.channel, t.senderId)),
      [String(this.config.CHAT_SEND_LIMIT), String(this.config.CHAT_SEND_WINDOW_SECONDS * 1000), ...takes.map(() => randomUUID())],
    );
    return taken.map((n) => n === 1);
  }
}
