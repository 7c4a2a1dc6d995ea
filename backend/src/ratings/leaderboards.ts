/**
 * The leaderboard sorted sets in Redis, one per scope: world, country:{name}, state:{code} (US)
 * (docs/leaderboards.md). The only writer of the sets, and the reads every board, the top players
 * and the profiles' region ranking share, so every number a player sees agrees.
 *
 * Score = internal rating R (a double, stored exactly); member = games and user id packed so that
 * Redis's own order of equal scores is the tie order (leaderboard-member.ts). A rank is ZREVRANK:
 * O(log n), no table scan, exact with ties.
 *
 * Only verified, not deleted players with at least one ranked match are members. Each write runs
 * as one Lua script that also reports the positions it moved; they are published on
 * `{prefix}:leaderboard:changed`, so the API instances drop just the cached pages that changed.
 */
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { OnDomainEvent } from '../events/event-bus';
import { REDIS, type RedisClient } from '../redis/redis.module';
import { changesFromScript, type LeaderboardChanges } from './leaderboard-changes';
import { gamesOfMember, memberOf, userIdOfMember } from './leaderboard-member';
import { scopesOf } from './leaderboard-scopes';
import { runScript } from '../redis/run-script';
import { ADD_MISSING_SCRIPT, RANKS_SCRIPT, REFRESH_SCRIPT } from './leaderboard-scripts';
import { RatingsRepository, type Standing } from './ratings.repository';

/** A listed player as the set holds them. */
export interface BoardEntry {
  userId: number;
  /** 1-based position. */
  rank: number;
  /** Internal rating R. */
  rating: number;
  games: number;
}

/** Players per Lua call when writing in bulk, so one script never blocks Redis for long. */
const SCRIPT_BATCH = 500;

export const leaderboardKeyBase = (prefix: string) => `${prefix}:leaderboard:`;
export const leaderboardChangesChannel = (prefix: string) => `${leaderboardKeyBase(prefix)}changed`;

@Injectable()
export class Leaderboards {
  private readonly base: string;

  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly ratings: RatingsRepository,
  ) {
    this.base = leaderboardKeyBase(config.REDIS_PREFIX);
  }

  /**
   * Whatever decides a listing changed (verification, identity edit, region, photo, deletion, a
   * rating): rewrite these players' entries, in the API and the worker alike.
   */
  @OnDomainEvent('player.changed', { runsIn: ['api', 'worker'] })
  onPlayerChanged({ userIds }: { userIds: number[] }): Promise<void> {
    return this.refresh(userIds);
  }

  /** Writes these players' current standing into every scope they belong to (and out of the others). */
  async refresh(userIds: number[]): Promise<void> {
    if (!userIds.length) return;
    const standings = await this.ratings.standingsOf(userIds);
    const scopes = [];
    for (let i = 0; i < standings.length; i += SCRIPT_BATCH) {
      const flat = await runScript<(string | number)[]>(this.redis, REFRESH_SCRIPT, [], [this.base, ...standings.slice(i, i + SCRIPT_BATCH).flatMap(entryArgs)]);
      scopes.push(...changesFromScript(flat));
    }
    if (scopes.length) await this.publish({ scopes });
  }

  /** Adds listed players that have no entry yet (rebuild); returns how many were added. */
  async addMissing(standings: Standing[]): Promise<number> {
    const listed = standings.filter(isListed);
    if (!listed.length) return 0;
    return runScript<number>(this.redis, ADD_MISSING_SCRIPT, [], [this.base, ...listed.flatMap(entryArgs)]);
  }

  publish(changes: LeaderboardChanges): Promise<number> {
    return this.redis.publish(`${this.base}changed`, JSON.stringify(changes));
  }

  /** Positions first…first+count−1 (0-based) of a scope, best first. */
  async range(scope: string, first: number, count: number): Promise<BoardEntry[]> {
    const rows = await this.redis.zRangeWithScores(this.base + scope, first, first + count - 1, { REV: true });
    return rows.map((r, i) => ({ userId: userIdOfMember(r.value), games: gamesOfMember(r.value), rating: r.score, rank: first + i + 1 }));
  }

  /** How many players a scope lists. */
  size(scope: string): Promise<number> {
    return this.redis.zCard(this.base + scope);
  }

  /** These players' entries in a scope; players not listed there are absent from the map. */
  async entriesOf(scope: string, userIds: number[]): Promise<Map<number, BoardEntry>> {
    const found = new Map<number, BoardEntry>();
    if (!userIds.length) return found;
    const flat = await runScript<(string | number)[]>(this.redis, RANKS_SCRIPT, [], [this.base, scope, ...userIds.map(String)]);
    userIds.forEach((userId, i) => {
      const rank = Number(flat[i * 3]);
      if (rank >= 0) found.set(userId, { userId, rank: rank + 1, rating: Number(flat[i * 3 + 1]), games: gamesOfMember(String(flat[i * 3 + 2])) });
    });
    return found;
  }

  /** 1-based rank of a player in a scope, or null when they are not on that board. */
  async rankIn(scope: string, userId: number): Promise<number | null> {
    return (await this.entriesOf(scope, [userId])).get(userId)?.rank ?? null;
  }
}

const isListed = (s: Standing) => s.eligible && s.rating !== null;

/**
 * Each `state` value's scopes as the script takes them ('|scope|scope…'), worked out once per
 * value: a rating batch refreshes every player it rated, and scopesOf searches the country and
 * state lists for each.
 */
const scopeArgs = new Map<string | null, string>();
function scopeArgOf(state: string | null): string {
  let arg = scopeArgs.get(state);
  if (arg === undefined) {
    arg = scopesOf(state)
      .map((scope) => `|${scope}`)
      .join('');
    // Bounded: the values are a closed list (countries, US states), but never let a stray one grow it.
    if (scopeArgs.size < 1000) scopeArgs.set(state, arg);
  }
  return arg;
}

/** The script arguments of one player: id, `member|scopes…` ('' when not listed), score. */
function entryArgs(s: Standing): string[] {
  if (!isListed(s)) return [String(s.id), '', '0'];
  return [String(s.id), memberOf(s.id, s.games) + scopeArgOf(s.state), String(s.rating)];
}
