import { INITIAL_RATING, RATING_PARAMS, rateMatch, type RatingChange, type RatingPool, type ReplayMatch, type ReplayResult } from '@gotnext/shared';
import { weighChanges } from './integrity-weight';

/**
 * replayMatches with each match's integrity weight applied as the applier applies it
 * (`weighChanges`, docs/rating.md#integrity): the rebuild check's replay of the overall pool.
 */
export function replayWeighted(matches: readonly (ReplayMatch & { weight: number })[]): ReplayResult {
  const pool: RatingPool = new Map();
  const changes: RatingChange[][] = [];
  const player = (id: number) => ({
    id,
    rating: pool.get(id)?.rating ?? INITIAL_RATING,
    sigma: pool.get(id)?.sigma ?? RATING_PARAMS.initialSigma,
    games: pool.get(id)?.games ?? 0,
  });
  matches.forEach((m, index) => {
    let done: RatingChange[];
    try {
      done = weighChanges(
        rateMatch({
          teamA: m.teamA.map(player),
          teamB: m.teamB.map(player),
          scoreA: m.scoreA,
          scoreB: m.scoreB,
          target: m.target,
          ...(m.pointUnit === undefined ? {} : { pointUnit: m.pointUnit }),
        }),
        m.weight,
      );
    } catch (error) {
      if (error instanceof RangeError) throw new RangeError(`match ${index}: ${error.message}`);
      throw error;
    }
    for (const c of done) pool.set(c.id, { rating: c.after, sigma: c.sigmaAfter, games: c.gamesAfter });
    changes.push(done);
  });
  return { pool, changes };
}
