/**
 * Leaderboard sorted sets in Redis, one per scope: world, country:{name}, state:{code} (US)
 * (docs/leaderboards.md).
 *
 * Member = user id, score = internal rating R (a double, stored exactly). Ties on R are broken at
 * read time by games desc, then user id asc: ZCOUNT gives the number of players strictly above,
 * and only the (tiny) group with exactly the same R is ordered with their games from PostgreSQL.
 * So a rank is exact without squeezing three keys into one double.
 *
 * Only verified, not deleted players with at least one ranked match are members. The scopes a
 * player was last written to are remembered (hash `leaderboard:scopes`), so a player who moved
 * region or lost verification is removed from the old sets on their next update.
 */
import { Inject, Injectable } from '@nestjs/common';
import { COUNTRIES, countryOfState, US, US_STATE_CODES } from '@gotnext/shared';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { OnDomainEvent } from '../events/event-bus';
import { REDIS, type RedisClient } from '../redis/redis.module';
import { RatingsRepository } from './ratings.repository';

/** The scopes a player with this `state` value belongs to. */
export function scopesOf(state: string | null): string[] {
  const country = countryOfState(state);
  const scopes = ['world', `country:${country}`];
  if (country === US && state && US_STATE_CODES.includes(state)) scopes.push(`state:${state}`);
  return scopes;
}

/** The scope a profile's region ranking is read from: the US state, else the country. */
export function regionScopeOf(state: string | null): string {
  if (state && US_STATE_CODES.includes(state)) return `state:${state}`;
  return `country:${state && COUNTRIES.includes(state) ? state : US}`;
}

@Injectable()
export class Leaderboards {
  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly ratings: RatingsRepository,
  ) {}

  private key(scope: string): string {
    return `${this.config.REDIS_PREFIX}:leaderboard:${scope}`;
  }

  private get scopesHash(): string {
    return `${this.config.REDIS_PREFIX}:leaderboard:scopes`;
  }

  /**
   * Whatever decides a listing changed (verification, identity edit, region, deletion, a rating):
   * rewrite these players' entries, in the API and the worker alike.
   */
  @OnDomainEvent('player.changed')
  onPlayerChanged({ userIds }: { userIds: number[] }): Promise<void> {
    return this.refresh(userIds);
  }

  /** Writes these players' current standing into every scope they belong to (and out of the others). */
  async refresh(userIds: number[]): Promise<void> {
    if (!userIds.length) return;
    const entries = await this.ratings.standingsOf(userIds);
    const previous = await this.redis.hmGet(this.scopesHash, entries.map((e) => String(e.id)));
    const tx = this.redis.multi();
    entries.forEach((e, i) => {
      const before: string[] = previous[i] ? JSON.parse(previous[i] as string) : [];
      const now = e.eligible && e.rating !== null ? scopesOf(e.state) : [];
      for (const scope of before.filter((s) => !now.includes(s))) tx.zRem(this.key(scope), String(e.id));
      for (const scope of now) tx.zAdd(this.key(scope), { score: e.rating!, value: String(e.id) });
      if (now.length) tx.hSet(this.scopesHash, String(e.id), JSON.stringify(now));
      else tx.hDel(this.scopesHash, String(e.id));
    });
    await tx.exec();
  }

  /** 1-based rank of a player in a scope, or null when they are not on that leaderboard. */
  async rankIn(scope: string, userId: number): Promise<number | null> {
    const k = this.key(scope);
    const score = await this.redis.zScore(k, String(userId));
    if (score === null) return null;
    const above = await this.redis.zCount(k, `(${score}`, '+inf');
    const tied = (await this.redis.zRangeByScore(k, score, score)).map(Number);
    if (tied.length <= 1) return above + 1;
    const g = await this.ratings.gamesOf(tied);
    const mine = g.get(userId) ?? 0;
    const ahead = tied.filter((id) => id !== userId && ((g.get(id) ?? 0) > mine || ((g.get(id) ?? 0) === mine && id < userId))).length;
    return above + ahead + 1;
  }
}
