import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { OnDomainEvent } from '../events/event-bus';
import type { DomainEvents } from '../events/domain-events';
import { REDIS, redisKey, type RedisClient } from '../redis/redis.module';
import { matchSubject, playerSubject, VersionedEntries, type EntryRead } from '../redis/versioned-entries';
import { MatchesRepository, type MatchDetailsRead } from './matches.repository';

/**
 * An entry lives a minute at most (docs/scaling.md#cached-reads): a lobby-only change (join, team
 * change, leave, cancel) reaches it only through `match.changed`, which is not durable, so an entry
 * that a failed delivery left current shows the lobby as it was for this long at worst. Hot
 * matches are read many times a minute, so the hit rate barely moves.
 */
const ENTRY_SECONDS = 60;

const sameRoster = (a: MatchDetailsRead, b: MatchDetailsRead) => a.players.map((p) => p.user_id).join() === b.players.map((p) => p.user_id).join();

/**
 * What match details is computed from before the viewer applies (MatchesRepository.detailsOf),
 * shared by every API instance through Redis (docs/scaling.md#cached-reads): a hit costs one
 * Redis script instead of the PostgreSQL statement.
 *
 * An entry is believed while the match's version and the version of each of its players (names,
 * pictures, rating, preferences, verified mark, deletion: the profile cache's `player.changed`
 * versions, which the rating job also bumps after writing the match's rating events) are current.
 * The match's version moves after the commit of every change to the match, its roster or its
 * reports: every such change records `match.changed` (delivered before the request or job
 * finishes, on the instance or worker that committed it); the durable match events move it too,
 * or its players' versions (completion, dispute: ProfileCache).
 *
 * A fill learns the versions before reading PostgreSQL: the read script returns the match's and
 * those of the players the stale entry named; a player it did not name (a first fill, a join) is
 * read once more after their version. Redis away: PostgreSQL answers, nothing is cached.
 */
@Injectable()
export class MatchDetailsCache {
  private readonly logger = new Logger('MatchDetailsCache');
  private readonly entries: VersionedEntries;

  constructor(
    @Inject(REDIS) redis: RedisClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly matches: MatchesRepository,
  ) {
    this.entries = new VersionedEntries(redis, config);
  }

  private entryKey(matchId: number): string {
    return redisKey(this.config, 'match-details', matchId);
  }

  /** What match details shows of the match, null when there is no such match. */
  async read(matchId: number): Promise<MatchDetailsRead | null> {
    let read: EntryRead;
    try {
      read = await this.entries.read(this.entryKey(matchId), matchSubject(matchId));
    } catch {
      return this.matches.detailsOf(matchId); // Redis away: PostgreSQL answers
    }
    if ('hit' in read) return revive(JSON.parse(read.hit) as MatchDetailsRead);
    const details = await this.matches.detailsOf(matchId);
    if (details) await this.store(matchId, read.versions, details);
    return details;
  }

  /** Remembers the details with the versions known before they were read; players seen first are read again after theirs. Best effort. */
  private async store(matchId: number, known: Map<string, string>, details: MatchDetailsRead): Promise<void> {
    try {
      let stored = details;
      const players = details.players.map((p) => playerSubject(p.user_id));
      const unknown = players.filter((s) => !known.has(s));
      if (unknown.length) {
        (await this.entries.versionsOf(unknown)).forEach((v, i) => known.set(unknown[i]!, v));
        const again = await this.matches.detailsOf(matchId);
        // A roster that moved in between moved the match's version too: that entry would be stale at once.
        if (!again || !sameRoster(details, again)) return;
        stored = again;
      }
      const deps = [matchSubject(matchId), ...players].map((s): [string, string] => [s, known.get(s)!]);
      await this.entries.store(this.entryKey(matchId), deps, JSON.stringify(stored), ENTRY_SECONDS);
    } catch (err) {
      this.logger.warn(`match details ${matchId} not cached: ${(err as Error).message}`);
    }
  }

  /** After the commit: the match's entry is stale on every instance. Throws when Redis is away. */
  changed(matchId: number): Promise<void> {
    return this.entries.changed([matchSubject(matchId)]);
  }

  /** After the room's push (order 1): both leave in the same turn, the push first (docs/scaling.md#what-one-change-costs). */
  @OnDomainEvent('match.changed', { runsIn: ['api', 'worker'], order: 2 })
  onMatchChanged({ matchId }: DomainEvents['match.changed']): Promise<void> {
    return this.changed(matchId);
  }

  /** A batch (the rating job's): every entry stale in one round trip. Throws when Redis is away. */
  @OnDomainEvent('matches.changed', { runsIn: ['api', 'worker'], order: 2 })
  onMatchesChanged({ matchIds }: DomainEvents['matches.changed']): Promise<void> {
    return this.entries.changed(matchIds.map(matchSubject));
  }

  /**
   * Each of these comes with a `match.changed`; being durable, they still reach the entry when that
   * one's delivery failed. `match.completed` and `match.disputed` need no listener here: the profile
   * cache moves the versions of the match's players on them, and the entry depends on those.
   */
  @OnDomainEvent('match.started', { runsIn: ['api', 'worker'] })
  @OnDomainEvent('match.in-moderation', { runsIn: ['api', 'worker'] })
  onMatchStep({ matchId }: { matchId: number }): Promise<void> {
    return this.changed(matchId);
  }
}

const DATE_FIELDS = ['createdAt', 'startedAt', 'disputedAt', 'completedAt', 'secondReminderAt', 'cancelledAt', 'moderationSince'] as const;

/** JSON has no dates: the match row gets its timestamps back, as PostgreSQL gave them. */
function revive(read: MatchDetailsRead): MatchDetailsRead {
  const match = read.match as unknown as Record<string, unknown>;
  for (const field of DATE_FIELDS) if (typeof match[field] === 'string') match[field] = new Date(match[field] as string);
  return read;
}
