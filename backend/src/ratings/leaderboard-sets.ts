/**
 * Leaderboard sorted sets in Redis, one per scope: world, country:{name}, state:{code} (US).
 *
 * Member = user id, score = internal rating R (a double, stored exactly). Ties on R are broken at
 * read time by games desc, then user id asc (RULES.md order): ZCOUNT gives the number of players
 * strictly above, and only the (tiny) group with exactly the same R is ordered with their games
 * from PostgreSQL. So a rank is exact without squeezing three keys into one double.
 *
 * Only verified, not deleted players with at least one ranked match are members. The scopes a
 * player was last written to are remembered (hash `leaderboard:scopes`), so a player who moved
 * region or lost verification is removed from the old sets on their next update.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { COUNTRIES, countryOfState, US, US_STATE_CODES } from '@gotnext/shared';
import type { RedisClient } from '../redis/redis.module';
import { OVERALL_POOL } from './rating-pools';

type Prefix = { REDIS_PREFIX: string };
const key = (config: Prefix, scope: string) => `${config.REDIS_PREFIX}:leaderboard:${scope}`;
const scopesHash = (config: Prefix) => `${config.REDIS_PREFIX}:leaderboard:scopes`;

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

interface Entry {
  id: number;
  state: string | null;
  eligible: boolean;
  rating: number | null;
}

async function entriesOf(db: DataSource | EntityManager, userIds: number[]): Promise<Entry[]> {
  return db.query(
    `SELECT u.id, u.state, r.rating,
            (u.email_verified AND u.id_verified AND u.deleted_at IS NULL AND COALESCE(r.games, 0) > 0) AS eligible
       FROM users u LEFT JOIN ratings r ON r.user_id = u.id AND r.pool = $2
      WHERE u.id = ANY($1::int[])`,
    [userIds, OVERALL_POOL],
  );
}

/** Writes these players' current standing into every scope they belong to (and out of the others). */
export async function refreshLeaderboards(redis: RedisClient, config: Prefix, db: DataSource | EntityManager, userIds: number[]): Promise<void> {
  if (!userIds.length) return;
  const entries = await entriesOf(db, userIds);
  const previous = await redis.hmGet(scopesHash(config), entries.map((e) => String(e.id)));
  const tx = redis.multi();
  entries.forEach((e, i) => {
    const before: string[] = previous[i] ? JSON.parse(previous[i] as string) : [];
    const now = e.eligible && e.rating !== null ? scopesOf(e.state) : [];
    for (const scope of before.filter((s) => !now.includes(s))) tx.zRem(key(config, scope), String(e.id));
    for (const scope of now) tx.zAdd(key(config, scope), { score: e.rating!, value: String(e.id) });
    if (now.length) tx.hSet(scopesHash(config), String(e.id), JSON.stringify(now));
    else tx.hDel(scopesHash(config), String(e.id));
  });
  await tx.exec();
}

/** 1-based rank of a player in a scope, or null when they are not on that leaderboard. */
export async function rankIn(redis: RedisClient, config: Prefix, db: DataSource | EntityManager, scope: string, userId: number): Promise<number | null> {
  const k = key(config, scope);
  const score = await redis.zScore(k, String(userId));
  if (score === null) return null;
  const above = await redis.zCount(k, `(${score}`, '+inf');
  const tied = (await redis.zRangeByScore(k, score, score)).map(Number);
  if (tied.length <= 1) return above + 1;
  const games: { user_id: number; games: number }[] = await db.query(
    `SELECT user_id, games FROM ratings WHERE pool = $1 AND user_id = ANY($2::int[])`,
    [OVERALL_POOL, tied],
  );
  const g = new Map(games.map((r) => [r.user_id, r.games]));
  const mine = g.get(userId) ?? 0;
  const ahead = tied.filter((id) => id !== userId && ((g.get(id) ?? 0) > mine || ((g.get(id) ?? 0) === mine && id < userId))).length;
  return above + ahead + 1;
}
