import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { MSG } from '@gotnext/shared';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { REDIS, type RedisClient, redisKey } from '../redis/redis.module';
import { runScript } from '../redis/run-script';
import { TurnBatcher } from '../common/turn-batcher';

/** The window is counted in this many slots, plus the one it starts in (docs/social.md#chat-building-blocks). */
export const CHAT_RATE_SLOTS = 10;

/**
 * A sliding window counted in fixed slots of a tenth of the window, in one hash per (channel,
 * sender) holding a count per slot, run as one Lua script so that the check and the take are
 * atomic on Redis, and timed by Redis's own clock so every API instance counts the same window
 * (docs/social.md#chat-building-blocks). A send counts the slots the window ending now touches,
 * the one it starts in wholly: no window ever holds more than the limit, and a refused sender
 * waits at most one slot longer than an exact log would make them. Its cost and memory are the
 * same whatever the limit (a log kept one member per send: O(limit) per sender). One call takes
 * the sends of a turn (KEYS[i]), one after another as separate calls would: a sender twice in a
 * batch counts twice. Answers 1 per send taken, 0 per send refused.
 */
const TAKE_MANY = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limit = tonumber(ARGV[1])
local slot = tonumber(ARGV[2])
local slots = tonumber(ARGV[3])
local current = math.floor(now / slot)
local oldest = current - slots
local ttl = (slots + 1) * slot
local out = {}
for i, key in ipairs(KEYS) do
  local counts = redis.call('HGETALL', key)
  local n = 0
  for j = 1, #counts, 2 do
    if tonumber(counts[j]) < oldest then
      redis.call('HDEL', key, counts[j])
    else
      n = n + tonumber(counts[j + 1])
    end
  end
  if n >= limit then
    out[i] = 0
  else
    redis.call('HINCRBY', key, current, 1)
    redis.call('PEXPIRE', key, ttl)
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
      // Not 'chat-rate' any more: that name held the sorted sets of the log this replaced, which
      // an instance still running it may write for a window yet (a hash there would be WRONGTYPE).
      takes.map((t) => redisKey(this.config, 'chat-rate-slots', t.channel, t.senderId)),
      [String(this.config.CHAT_SEND_LIMIT), String(Math.ceil((this.config.CHAT_SEND_WINDOW_SECONDS * 1000) / CHAT_RATE_SLOTS)), String(CHAT_RATE_SLOTS)],
    );
    return taken.map((n) => n === 1);
  }
}
