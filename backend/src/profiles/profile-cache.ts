import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { OnDomainEvent } from '../events/event-bus';
import { REDIS, redisKey, type RedisClient } from '../redis/redis.module';
import { playerSubject, VersionedEntries, type EntryRead } from '../redis/versioned-entries';
import { ProfilesRepository, type HistoryRow, type ProfileUser, type RosterRow, type StatisticsRow } from './profiles.repository';

/** What a profile and the first page of stats are computed from, before the viewer's time zone and privacy apply. */
export interface ProfileSnapshot {
  user: ProfileUser;
  statistics: StatisticsRow;
  history: HistoryRow[];
  rosters: RosterRow[];
}

/** An entry outlives no invalidation: versions live far longer (docs/scaling.md#cached-reads). */
const ENTRY_SECONDS = 600;

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

  constructor(
    @Inject(REDIS) redis: RedisClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly profiles: ProfilesRepository,
  ) {
    this.entries = new VersionedEntries(redis, config);
  }

  private entryKey(userId: number): string {
    return redisKey(this.config, 'profile', userId);
  }

  /** The player's snapshot, null when there is no such (live) player. */
  async snapshot(userId: number, limit: number): Promise<ProfileSnapshot | null> {
    let read: EntryRead;
    try {
      read = await this.entries.read(this.entryKey(userId), playerSubject(userId));
    } catch {
      return this.compute(userId, limit); // Redis away: PostgreSQL answers
    }
    if ('hit' in read) return revive(JSON.parse(read.hit) as ProfileSnapshot);
    const snapshot = await this.compute(userId, limit);
    if (snapshot) await this.store(userId, read.versions.get(playerSubject(userId)) ?? '0', snapshot);
    return snapshot;
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
      await this.entries.store(this.entryKey(userId), deps, JSON.stringify(snapshot), ENTRY_SECONDS);
    } catch (err) {
      this.logger.warn(`profile ${userId} not cached: ${(err as Error).message}`);
    }
  }

  /** After the commit: these players' entries, and every entry naming them, are stale on every instance. Throws when Redis is away (the outbox retries). */
  changed(userIds: number[]): Promise<void> {
    return this.entries.changed(userIds.map(playerSubject));
  }

  @OnDomainEvent('player.changed')
  onPlayerChanged({ userIds }: { userIds: number[] }): Promise<void> {
    return this.changed(userIds);
  }

  /** A completion or a void adds to the players' history and statistics. */
  @OnDomainEvent('match.completed')
  async onMatchCompleted({ matchId }: { matchId: number }): Promise<void> {
    await this.changed(await this.profiles.playersOfMatch(matchId));
  }

  /** A dispute counts in the players' statistics (and a contested back-fill leaves their history). */
  @OnDomainEvent('match.disputed')
  async onMatchDisputed({ matchId }: { matchId: number }): Promise<void> {
    await this.changed(await this.profiles.playersOfMatch(matchId));
  }
}

/** JSON has no dates: history rows get theirs back. */
function revive(snapshot: ProfileSnapshot): ProfileSnapshot {
  for (const row of snapshot.history) row.completed_at = new Date(row.completed_at);
  return snapshot;
}
