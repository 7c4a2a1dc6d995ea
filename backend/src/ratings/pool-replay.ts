import type { EntityManager } from 'typeorm';
import { leaguePool } from '@gotnext/shared';
import { applyLeaguePool } from './league-pool';
import { applyPendingRatings } from './rating-applier';
import { OVERALL_POOL } from './rating-pools';
import type { RatingsRepository } from './ratings.repository';

/** One player's overall rating before and after a replay (internal ratings; null: no rated match). */
export interface ReplayedRating {
  userId: number;
  before: number | null;
  after: number | null;
}

/**
 * Replays every pool from its start under the rating lock, in the caller's transaction: the
 * overall pool, then each league's (its players start from the overall rating, which may have
 * moved). The same path as a live job, from an empty pool, so the result equals
 * `npm run ratings:rebuild`'s replay. Used when what counts changed after matches were rated: an
 * integrity weight, or tainted matches leaving the history (docs/rating.md#integrity). Returns the
 * overall ratings that moved.
 */
export async function replayAllPools(ratings: RatingsRepository, m: EntityManager): Promise<ReplayedRating[]> {
  await ratings.lockPools(m);
  const before = new Map((await ratings.statesOf(OVERALL_POOL, m)).map((s) => [s.user_id, s.rating]));
  await ratings.clearPool(OVERALL_POOL, m);
  await applyPendingRatings(ratings, m, OVERALL_POOL);
  const after = new Map((await ratings.statesOf(OVERALL_POOL, m)).map((s) => [s.user_id, s.rating]));
  for (const leagueId of await ratings.leaguesWithPools(m)) {
    await ratings.clearPool(leaguePool(leagueId), m);
    await applyLeaguePool(ratings, m, leagueId);
  }
  const ids = [...new Set([...before.keys(), ...after.keys()])].sort((a, b) => a - b);
  return ids.map((userId) => ({ userId, before: before.get(userId) ?? null, after: after.get(userId) ?? null })).filter((r) => !Object.is(r.before, r.after));
}
