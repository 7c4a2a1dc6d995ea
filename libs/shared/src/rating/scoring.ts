/** Bridges the match model (scoring types such as "1s & 2s to 11") to the rating input. */
import { isScoringType, targetScore, type ScoringType } from '../constants/matches';
import type { RatedMatchInput, RatingPlayer } from './types';

/** The smallest basket of a scoring type: 2 in "2s & 3s …", else 1. */
export function pointUnit(scoringType: ScoringType): number {
  return scoringType.startsWith('2s') ? 2 : 1;
}

/** Builds a rateMatch input, taking the target score T from the scoring type. */
export function ratedMatchFromScoring(teamA: readonly RatingPlayer[], teamB: readonly RatingPlayer[], scoreA: number, scoreB: number, scoringType: ScoringType): RatedMatchInput {
  // Checked at run time too: the value may come from an unchecked payload or a database row.
  if (!isScoringType(scoringType)) throw new RangeError(`rateMatch: unknown scoring type ${JSON.stringify(scoringType)}`);
  return { teamA, teamB, scoreA, scoreB, target: targetScore(scoringType), pointUnit: pointUnit(scoringType) };
}
