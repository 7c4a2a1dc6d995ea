import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { OnDomainEvent } from '../events/event-bus';
import { REDIS, redisKey, type RedisClient } from '../redis/redis.module';
import { playerSubject, readScriptAlso, VersionedEntries, type EntryRead } from '../redis/versioned-entries';
import { MEMBER_OF_LUA } from '../ratings/leaderboard-scripts';
import { leaderboardKeyBase } from '../ratings/leaderboards';
import { regionScopeOf } from '../ratings/leaderboard-scopes';
import { ProfilesRepository, type ProfileUser, type RosterRow, type StatisticsRow } from './profiles.repository';
import type { StoredHistoryRow } from './match-history';

/** What a profile and the first page of stats are computed from, before the viewer's time zone and privacy apply. */
export interface ProfileSnapshot {
  user: ProfileUser;
  statistics: StatisticsRow;
  history: StoredHistoryRow[];
  rosters: RosterRow[];
}

/** A profile with the player's live region rank: 1-based, null when not on that board, undefined when not read yet. */
export interface ProfileRead {
  /**
   * The snapshot's JSON as Redis answered it (a hit), null when it was computed now: an answer
   * serialised from it may be reused while Redis answers the very same text (serialised-answers.ts).
   */
  entry: string | null;
  /** The snapshot, parsed from the entry on first use (a reused answer needs none). */
  snapshot: () => ProfileSnapshot;
  rank: number | null | undefined;
}

/** An entry outlives no invalidation: versions live far longer (docs/scaling.md#cached-reads). */
const ENTRY_SECONDS = 600;

/**
 * The profile's read: the entry and, on a hit, the player's live rank on the board of the region
 * the entry names (its first line), in the same script as the boards' own rank read
 * (ratings/leaderboard-scripts.ts), so the rank is never older than the call and costs no second
 * round trip (docs/scaling.md#profile-reads). ARGV[4]: the leaderboard key prefix, ARGV[5]: the user id.
 * Returns the 0-based rank, -1 when the player is not on that board.
 */
const PROFILE_READ_SCRIPT = readScriptAlso(`${MEMBER_OF_LUA}
local scope = string.sub(value, 1, string.find(value, '\\n', 1, true) - 1)
local member = memberOf(ARGV[4], ARGV[5])
return {member and redis.call('ZREVRANK', ARGV[4] .. scope, member) or -1}`);

/**
 * The computed part of a player's profile and first stats page, shared by every API instance
 * through Redis (docs/scaling.md#profile-reads): a hit costs one Redis script instead of four
 * PostgreSQL statements that walk every match of the player.
 *
 * Each player has a version in Redis (VersionedEntries, shared with the match details cache), bumped after the commit of anything that changes what an
 * entry holds, before the changing request (or job) finishes: `player.changed` (account edit,
 * picture, preferences, deletion, ID verdict, a rating applied), `match.completed` and
 * `match.disputed` (for the match's players). An entry records the version of its player and of
 * every player named in its history rows (their names and pictures are in it), and is only
 * believed while all of them are current, so a change is visible at once on every instance.
 *
 * A fill reads the player's version before PostgreSQL, and the other players' versions before
 * reading their names again, so a change that commits during the fill leaves the entry already
 * stale (its version moved) rather than wrong. Redis away: PostgreSQL answers, nothing is cached.
 */
@Injectable()
export class ProfileCache {
  private readonly logger = new Logger('ProfileCache');
  private readonly entries: VersionedEntries;
  private readonly boards: string;

  constructor(
    @Inject(REDIS) redis: RedisClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly profiles: ProfilesRepository,
  ) {
    this.entries = new VersionedEntries(redis, config);
    this.boards = leaderboardKeyBase(config.REDIS_PREFIX);
  }

  /**
   * v2: the value is "<region scope>\n<snapshot JSON>" (the scope for the rank read); a new key,
   * so an instance of the previous build never reads this shape, nor this one the old.
   */
  private entryKey(userId: number): string {
    return redisKey(this.config, 'profile', 'v2', userId);
  }

  /** The player's snapshot (the first stats page), without the rank; null when there is no such (live) player. */
  snapshot(userId: number, limit: number): Promise<ProfileRead | null> {
    return this.read(userId, limit, false);
  }

  /** The player's snapshot and, from a hit, their live region rank; null when there is no such (live) player. */
  profile(userId: number, limit: number): Promise<ProfileRead | null> {
    return this.read(userId, limit, true);
  }

  private async read(userId: number, limit: number, withRank: boolean): Promise<ProfileRead | null> {
    let read: EntryRead;
    try {
      read = withRank
        ? await this.entries.read(this.entryKey(userId), playerSubject(userId), PROFILE_READ_SCRIPT, [this.boards, String(userId)])
        : await this.entries.read(this.entryKey(userId), playerSubject(userId));
    } catch {
      return only(await this.compute(userId, limit)); // Redis away: PostgreSQL answers
    }
    if ('hit' in read) {
      const entry = read.hit.slice(read.hit.indexOf('\n') + 1);
      let parsed: ProfileSnapshot | undefined;
      // History rows keep their times as JSON wrote them (ISO strings): toHistory answers that very string.
      const snapshot = () => (parsed ??= JSON.parse(entry) as ProfileSnapshot);
      if (!withRank) return { entry, snapshot, rank: undefined };
      const rank = Number(read.also[0]); // 0-based, -1: not on the board
      return { entry, snapshot, rank: rank >= 0 ? rank + 1 : null };
    }
    const snapshot = await this.compute(userId, limit);
    if (snapshot) await this.store(userId, read.versions.get(playerSubject(userId)) ?? '0', snapshot);
    return only(snapshot);
  }

  private async compute(userId: number, limit: number): Promise<ProfileSnapshot | null> {
    const user = await this.profiles.profileUser(userId);
    if (!user) return null;
    const [statistics, history] = await Promise.all([this.profiles.statistics(userId), this.profiles.history(userId, limit)]);
    const rosters = history.length ? await this.profiles.rosters(history.map((r) => r.id)) : [];
    return { user, statistics, history, rosters };
  }

  /** Remembers a snapshot with the versions it depends on; the other players' names are read again after their versions. Best effort. */
  private async store(userId: number, ownVersion: string, snapshot: ProfileSnapshot): Promise<void> {
    try {
      const others = [...new Set(snapshot.rosters.map((p) => p.user_id))].filter((id) => id !== userId);
      const versions = await this.entries.versionsOf(others.map(playerSubject));
      if (others.length) {
        const cards = new Map((await this.profiles.rosterCards(others)).map((c) => [c.user_id, c]));
        snapshot.rosters = snapshot.rosters.map((p) => (p.user_id === userId ? p : { ...p, ...cards.get(p.user_id) }));
      }
      const deps: [string, string][] = [[playerSubject(userId), ownVersion], ...others.map((id, i): [string, string] => [playerSubject(id), versions[i]!])];
      await this.entries.store(this.entryKey(userId), deps, `${regionScopeOf(snapshot.user.state)}\n${JSON.stringify(snapshot)}`, ENTRY_SECONDS);
    } catch (err) {
      this.logger.warn(`profile ${userId} not cached: ${(err as Error).message}`);
    }
  }

  /** After the commit: these players' entries, and every entry naming them, are stale on every instance. Throws when Redis is away (the outbox retries). */
  changed(userIds: number[]): Promise<void> {
    return this.entries.changed(userIds.map(playerSubject));
  }

  @OnDomainEvent('player.changed', { runsIn: ['api', 'worker'] })
  onPlayerChanged({ userIds }: { userIds: number[] }): Promise<void> {
    return this.changed(userIds);
  }

  /** A completion or a void adds to the players' history and statistics. */
  @OnDomainEvent('match.completed', { runsIn: ['api', 'worker'] })
  async onMatchCompleted({ matchId }: { matchId: number }): Promise<void> {
    await this.changed(await this.profiles.playersOfMatch(matchId));
  }

  /** A dispute counts in the players' statistics (and a contested back-fill leaves their history). */
  @OnDomainEvent('match.disputed', { runsIn: ['api', 'worker'] })
  async onMatchDisputed({ matchId }: { matchId: number }): Promise<void> {
    await this.changed(await this.profiles.playersOfMatch(matchId));
  }
}

/** A snapshot read without the rank (the caller reads it itself). */
const only = (snapshot: ProfileSnapshot | null): ProfileRead | null => (snapshot ? { entry: null, snapshot: () => snapshot, rank: undefined } : null);
