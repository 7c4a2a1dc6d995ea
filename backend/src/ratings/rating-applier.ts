import type { EntityManager } from 'typeorm';
import { INITIAL_RATING, rateMatch, ratedMatchFromScoring, type RatingPlayer, type TeamSide } from '@gotnext/shared';
import { OVERALL_POOL } from './rating-pools';
import type { MatchResult, RatableMatch, RatingsRepository } from './ratings.repository';

/**
 * Applies, in (completed_at, id) order, every ratable match up to and including `matchId` that
 * the pool has not seen yet. Usually that is just `matchId`; a job that ran late (or was lost)
 * is caught up here, so the live order is always the rebuild's order. Returns the players whose
 * rating changed. Running it again changes nothing: a rated match has its rating events, and the
 * unique (pool, match, player) constraint refuses a second set (docs/rating.md).
 */
export async function applyPendingRatings(ratings: RatingsRepository, m: EntityManager, matchId: number, pool = OVERALL_POOL, applied: number[] = []): Promise<number[]> {
  await ratings.lockPools(m);
  const pending = await ratings.pendingUpTo(matchId, pool, m);
  const changed = new Set<number>();
  for (const match of pending) {
    (await applyOne(ratings, m, match, pool)).forEach((id) => changed.add(id));
    applied.push(match.id);
  }
  return [...changed];
}

/** The player's result in the match, counted in their ranked record (docs/leaderboards.md#what-a-row-shows). */
function resultOf(match: RatableMatch, side: TeamSide): MatchResult {
  const [own, other] = side === 'A' ? [match.team_a_score, match.team_b_score] : [match.team_b_score, match.team_a_score];
  return own > other ? 'win' : own < other ? 'loss' : 'draw';
}

/** Applies one match to a pool; `start` gives a new player's first rating there (1500 when absent). */
export async function applyOne(ratings: RatingsRepository, m: EntityManager, match: RatableMatch, pool: string, start?: (ids: number[]) => Promise<ReadonlyMap<number, number>>): Promise<number[]> {
  const players = await ratings.rosterOf(match.id, m);
  const ids = players.map((p) => p.user_id);
  const states = await ratings.lockStates(pool, ids, start ? await start(ids) : INITIAL_RATING, m);
  const stateOf = new Map(states.map((s) => [s.user_id, s]));
  const team = (side: 'A' | 'B'): RatingPlayer[] =>
    players.filter((p) => p.team === side).map((p) => ({ id: p.user_id, rating: stateOf.get(p.user_id)!.rating, games: stateOf.get(p.user_id)!.games }));
  const changes = rateMatch(ratedMatchFromScoring(team('A'), team('B'), match.team_a_score, match.team_b_score, match.scoring_type));
  const sideOf = new Map(players.map((p) => [p.user_id, p.team]));

  for (const c of changes) {
    const inserted = await ratings.insertEvent({ pool, matchId: match.id, userId: c.id, before: c.before, after: c.after, delta: c.delta, gamesBefore: c.gamesBefore }, m);
    // Already rated (cannot happen under the lock, but never count a result twice).
    if (!inserted) throw new Error(`match ${match.id} already rated for player ${c.id}`);
    await ratings.setState(pool, c.id, c.after, c.gamesAfter, resultOf(match, sideOf.get(c.id)!), m);
  }
  return ids;
}
