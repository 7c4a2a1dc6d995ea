/**
 * replayMatches: a "rebuild" of a pool — applies stored match results in the given order,
 * starting unknown players at 1500, the initial uncertainty and 0 games. It only feeds rateMatch, so replaying is
 * bit-identical to rating the matches one at a time as they were completed.
 */
import { INITIAL_RATING, RATING_PARAMS } from './constants';
import { rateMatch } from './rate-match';
import type { RatingChange, RatingPlayer, RatingPool } from './types';

/** A stored match result: player ids only; ratings come from the pool as it stands at that point. */
export interface ReplayMatch {
  teamA: readonly number[];
  teamB: readonly number[];
  scoreA: number;
  scoreB: number;
  target: number;
  /** The scoring type's smallest basket (pointUnit in scoring.ts); 1 when absent. */
  pointUnit?: number;
}

export interface ReplayResult {
  /** Final state of every player seen (and of every player in the starting pool). */
  pool: RatingPool;
  /** changes[i] is what matches[i] did, as returned by rateMatch (sorted by id). */
  changes: RatingChange[][];
}

function playerFrom(pool: RatingPool, id: number): RatingPlayer {
  const state = pool.get(id);
  return state ? { id, rating: state.rating, sigma: state.sigma, games: state.games } : { id, rating: INITIAL_RATING, sigma: RATING_PARAMS.initialSigma, games: 0 };
}

/**
 * Applies `matches` in order on top of `start` (empty by default). `start` is not modified.
 * Throws the rateMatch RangeError, prefixed with the index of the offending match.
 */
export function replayMatches(matches: readonly ReplayMatch[], start: RatingPool = new Map()): ReplayResult {
  const pool: RatingPool = new Map([...start].map(([id, state]) => [id, { rating: state.rating, sigma: state.sigma, games: state.games }]));
  const changes: RatingChange[][] = [];
  matches.forEach((match, index) => {
    let matchChanges: RatingChange[];
    try {
      matchChanges = rateMatch({
        teamA: match.teamA.map((id) => playerFrom(pool, id)),
        teamB: match.teamB.map((id) => playerFrom(pool, id)),
        scoreA: match.scoreA,
        scoreB: match.scoreB,
        target: match.target,
        ...(match.pointUnit === undefined ? {} : { pointUnit: match.pointUnit }),
      });
    } catch (error) {
      if (error instanceof RangeError) throw new RangeError(`match ${index}: ${error.message}`);
      throw error;
    }
    for (const c of matchChanges) pool.set(c.id, { rating: c.after, sigma: c.sigmaAfter, games: c.gamesAfter });
    changes.push(matchChanges);
  });
  return { pool, changes };
}
