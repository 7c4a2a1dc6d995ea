import type { DataSource, EntityManager } from 'typeorm';
import { applyLeaguePool } from './league-pool';
import { applyPendingRatings } from './rating-applier';
import { OVERALL_POOL } from './rating-pools';
import { RatingsRepository } from './ratings.repository';

/**
 * Rewrites every pool from its history under the current engine version (docs/rating.md#rebuild):
 * empties `ratings` and `rating_events`, then applies all ratable history with the live code path
 * (overall first, then each league's pool, which starts its players from the overall events), so
 * the result is what rating each match as it completed would have given. One transaction under
 * the rating lock: a rating job waits and then finds its match already rated. Returns the number
 * of overall players. The leaderboards (Redis) are rebuilt separately (docs/leaderboards.md).
 */
export async function rewriteRatings(db: DataSource, m: EntityManager): Promise<{ players: number; leagues: number }> {
  const ratings = new RatingsRepository(db);
  await ratings.lockPools(m);
  const leagues = await ratings.leaguesWithPools(m);
  await ratings.clearAllPools(m);
  const players = await applyPendingRatings(ratings, m, OVERALL_POOL);
  for (const leagueId of leagues) await applyLeaguePool(ratings, m, leagueId);
  return { players: players.length, leagues: leagues.length };
}
