import type { AppConfig } from '../config/env';
import { redisKey, type RedisClient } from './redis.module';
import { runScript } from './run-script';
import { spreadLifetime } from './spread-lifetime';

/** A version key outlives every entry that names it, so a version never falls back to a value an entry still holds. */
const VERSION_SECONDS = 86_400;

/**
 * One round trip: the entry's value, if every version it was computed at is still current;
 * otherwise the current versions of its own subject and of every subject the stale entry named
 * (read now, so BEFORE the caller reads PostgreSQL). An entry is "<deps JSON>\n<value>", deps a
 * flat [subject, version, subject, version, …] list; a missing version key reads as "0".
 * ARGV: entry key, version key prefix, own subject, then the caller's (`onHit`'s) own.
 *
 * `onHit` is the body of a Lua function `alsoOnHit(value)` that returns a list appended to a
 * hit's reply (ARGV[4…] are its arguments): a read that needs something live beside the entry
 * (the profile's rank) gets it in the same script and round trip, read in the same instant as the
 * entry. Build such a script once (a module constant): scripts run by their SHA, found by their text.
 */
export const readScriptAlso = (onHit: string): string => `
local function alsoOnHit(value)
${onHit}
end
local raw = redis.call('GET', ARGV[1])
local deps = {}
if raw then
  local nl = string.find(raw, '\\n', 1, true)
  deps = cjson.decode(string.sub(raw, 1, nl - 1))
  local fresh = true
  for i = 1, #deps, 2 do
    if (redis.call('GET', ARGV[2] .. deps[i]) or '0') ~= deps[i + 1] then fresh = false break end
  end
  if fresh then
    local value = string.sub(raw, nl + 1)
    local out = {1, value}
    for _, v in ipairs(alsoOnHit(value)) do out[#out + 1] = v end
    return out
  end
end
local now = {0, ARGV[3], redis.call('GET', ARGV[2] .. ARGV[3]) or '0'}
for i = 1, #deps, 2 do
  if tostring(deps[i]) ~= ARGV[3] then
    table.insert(now, tostring(deps[i]))
    table.insert(now, redis.call('GET', ARGV[2] .. deps[i]) or '0')
  end
end
return now
`;

const READ_SCRIPT = readScriptAlso('return {}');

/** A hit: the entry's value, and what the read script's `onHit` added (nothing for the plain read). */
export type EntryRead = { hit: string; also: (string | number)[] } | { versions: Map<string, string> };

/**
 * Computed reads kept in Redis and shared by every instance, believed only while every version
 * they were computed at is current (docs/scaling.md#cached-reads). A subject ("player:12",
 * "match:34") has a version, incremented after the commit of any change to what entries hold
 * about it, before the changing request or job finishes; an entry lists the versions of the
 * subjects it was computed from. A fill must learn a subject's version BEFORE reading the
 * subject from PostgreSQL, so a change committing during the fill leaves the entry already
 * outdated rather than wrong. Used by the profile cache and the match details cache.
 */
export class VersionedEntries {
  /** Where versions live: one prefix for every cache, so they all see the same player versions. */
  private readonly versionPrefix: string;

  constructor(
    private readonly redis: RedisClient,
    config: AppConfig,
  ) {
    this.versionPrefix = redisKey(config, 'version', '');
  }

  /**
   * The entry, or the versions to fill it with (own subject and those the stale entry named).
   * `script` (from readScriptAlso) and `args` add to a hit what its `onHit` reads. Throws when Redis is away.
   */
  async read(entryKey: string, subject: string, script = READ_SCRIPT, args: string[] = []): Promise<EntryRead> {
    const [found, ...rest] = await runScript<[number, ...string[]]>(this.redis, script, [], [entryKey, this.versionPrefix, subject, ...args]);
    if (found === 1) return { hit: rest[0]!, also: rest.slice(1) };
    const versions = new Map<string, string>();
    for (let i = 0; i < rest.length; i += 2) versions.set(rest[i]!, rest[i + 1]!);
    return { versions };
  }

  /** These subjects' current versions, in order. */
  async versionsOf(subjects: string[]): Promise<string[]> {
    if (!subjects.length) return [];
    return (await this.redis.mGet(subjects.map((s) => this.versionPrefix + s))).map((v) => v ?? '0');
  }

  /** Remembers a value computed at these [subject, version] pairs, for at most `seconds` (spreadLifetime). */
  async store(entryKey: string, deps: [string, string][], value: string, seconds: number): Promise<void> {
    await this.redis.set(entryKey, `${JSON.stringify(deps.flat())}\n${value}`, { EX: spreadLifetime(seconds) });
  }

  /** After the commit: every entry computed from these subjects is stale on every instance. Throws when Redis is away (the outbox retries). */
  async changed(subjects: string[]): Promise<void> {
    if (!subjects.length) return;
    const multi = this.redis.multi();
    for (const s of new Set(subjects)) multi.incr(this.versionPrefix + s).expire(this.versionPrefix + s, VERSION_SECONDS);
    await multi.exec();
  }
}

export const playerSubject = (userId: number): string => `player:${userId}`;
export const matchSubject = (matchId: number): string => `match:${matchId}`;
