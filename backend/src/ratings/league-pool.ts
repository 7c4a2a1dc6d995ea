import type { EntityManager } from 'typeorm';
import { leaguePool } from '@gotnext/shared';
import { applyOne, applyPendingRatings, type AppliedBatch } from './rating-applier';
import { OVERALL_POOL } from './rating-pools';
import type { RatingsRepository } from './ratings.repository';

/**
 * Brings a league's pool up to date with its history (docs/rating.md#league-pools), under the
 * rating lock. Matches are applied in played order, (completed_at, id): when every rated match
 * comes before every unrated one, only the new ones are applied; otherwise (a past match was
 * added before later ones, or a rated one was contested) the pool is emptied and replayed from
 * its start, so it always equals a fresh replay. A player enters the pool at their overall rating
 * just before their first league match there; the overall pool is caught up first so that rating
 * is known. Returns the players whose league rating changed, and what that catch-up rated: those
 * overall matches are announced by the caller as their own job would have (MatchResults.rated),
 * since their own jobs then find the pool caught up and tell nobody.
 */
export async function applyLeaguePool(ratings: RatingsRepository, m: EntityManager, leagueId: number): Promise<LeaguePoolApplied> {
  await ratings.lockPools(m);
  const overall: LeaguePoolApplied['overall'] = { matchIds: [], events: [], userIds: [] };
  const lastOverall = await ratings.lastOverallRatable(m);
  if (lastOverall !== null) overall.userIds = await applyPendingRatings(ratings, m, OVERALL_POOL, overall);

  const pool = leaguePool(leagueId);
  const history = await ratings.leagueRatable(leagueId, m);
  const rated = await ratings.ratedMatchIds(pool, m);
  const firstUnrated = history.findIndex((x) => !rated.has(x.id));
  const ratedPrefix = firstUnrated === -1 ? history.length : firstUnrated;
  const inOrder = rated.size === ratedPrefix && history.slice(0, ratedPrefix).every((x) => rated.has(x.id));

  const changed = new Set<number>();
  let todo = history.slice(ratedPrefix);
  if (!inOrder) {
    (await ratings.clearPool(pool, m)).forEach((id) => changed.add(id));
    todo = history;
  }
  for (const match of todo) {
    const ids = await applyOne(ratings, m, match, pool, (players) => ratings.overallBefore(players, match.id, m));
    ids.forEach((id) => changed.add(id));
  }
  return { changed: [...changed], overall };
}

export interface LeaguePoolApplied {
  /** The players whose league rating changed. */
  changed: number[];
  /** The overall matches the catch-up rated, their rating events, and their players. */
  overall: AppliedBatch & { userIds: number[] };
}
