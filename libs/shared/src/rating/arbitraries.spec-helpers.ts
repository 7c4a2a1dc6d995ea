/**
 * fast-check generators shared by the rating specs (test-only: excluded from the build by
 * tsconfig, as it imports fast-check). Ratings default to a realistic band so the Elo
 * expectation never saturates to exactly 0 or 1, which would make strict inequalities vacuous.
 */
import fc from 'fast-check';
import { SCORING_TYPES, targetScore } from '../constants/matches';
import { RATING_PARAMS } from './constants';
import type { RatedMatchInput, RatingChange, RatingPlayer } from './types';

export const REALISTIC_MIN = 600;
export const REALISTIC_MAX = 2400;

export const arbRating = (min = REALISTIC_MIN, max = REALISTIC_MAX): fc.Arbitrary<number> => fc.double({ min, max, noNaN: true });
export const arbGames = (min = 0, max = 40): fc.Arbitrary<number> => fc.integer({ min, max });
export const arbSigma = fc.double({ min: RATING_PARAMS.minSigma, max: RATING_PARAMS.initialSigma, noNaN: true });
export const arbTeamSize = fc.integer({ min: 1, max: 5 });
/** Targets the product actually uses (5, 11, 21). */
export const arbProductTarget = fc.constantFrom(...SCORING_TYPES.map(targetScore));
/** Any positive target, to exercise the formula beyond the product's scoring types. */
export const arbAnyTarget = fc.integer({ min: 1, max: 40 });

export interface PlayerOptions {
  ratingMin?: number;
  ratingMax?: number;
  gamesMin?: number;
  gamesMax?: number;
}

/** `count` players with distinct ids, in no particular id order. */
export function arbPlayers(count: number, options: PlayerOptions = {}): fc.Arbitrary<RatingPlayer[]> {
  return fc
    .tuple(
      fc.uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { minLength: count, maxLength: count }),
      fc.array(arbRating(options.ratingMin, options.ratingMax), { minLength: count, maxLength: count }),
      fc.array(arbGames(options.gamesMin, options.gamesMax), { minLength: count, maxLength: count }),
      fc.array(arbSigma, { minLength: count, maxLength: count }),
    )
    .map(([ids, ratings, games, sigmas]) => ids.map((id, i) => ({ id, rating: ratings[i], sigma: sigmas[i], games: games[i] })));
}

export interface Teams {
  teamA: RatingPlayer[];
  teamB: RatingPlayer[];
}

export function arbTeams(options: PlayerOptions = {}, size: fc.Arbitrary<number> = arbTeamSize): fc.Arbitrary<Teams> {
  return size.chain((n) => arbPlayers(2 * n, options).map((ps) => ({ teamA: ps.slice(0, n), teamB: ps.slice(n) })));
}

/** Winner/loser scores for target T, including cut-short games (sW < T) and overtime (sW > T). */
export function arbWinScores(target: number): fc.Arbitrary<{ winner: number; loser: number }> {
  return fc.tuple(fc.integer({ min: 0, max: target + 2 }), fc.integer({ min: 1, max: target + 2 })).map(([loser, gap]) => ({ winner: loser + gap, loser }));
}

/** A decisive match (team A or B wins). */
export function arbDecisiveMatch(options: PlayerOptions = {}, target: fc.Arbitrary<number> = arbAnyTarget): fc.Arbitrary<RatedMatchInput> {
  return fc
    .tuple(
      arbTeams(options),
      target.chain((t) => fc.tuple(fc.constant(t), arbWinScores(t))),
      fc.boolean(),
    )
    .map(([{ teamA, teamB }, [t, s], aWins]) => ({
      teamA,
      teamB,
      scoreA: aWins ? s.winner : s.loser,
      scoreB: aWins ? s.loser : s.winner,
      target: t,
    }));
}

/** A drawn match (equal scores). */
export function arbDrawMatch(options: PlayerOptions = {}, target: fc.Arbitrary<number> = arbAnyTarget): fc.Arbitrary<RatedMatchInput> {
  return fc
    .tuple(
      arbTeams(options),
      target.chain((t) => fc.tuple(fc.constant(t), fc.integer({ min: 0, max: t + 2 }))),
    )
    .map(([{ teamA, teamB }, [t, s]]) => ({ teamA, teamB, scoreA: s, scoreB: s, target: t }));
}

/** Any valid match: mostly decisive, some draws. */
export function arbMatch(options: PlayerOptions = {}, target: fc.Arbitrary<number> = arbAnyTarget): fc.Arbitrary<RatedMatchInput> {
  return fc.oneof({ arbitrary: arbDecisiveMatch(options, target), weight: 4 }, { arbitrary: arbDrawMatch(options, target), weight: 1 });
}

/** A permutation of `items` (roster order as a client might send it). */
export function arbShuffled<T>(items: readonly T[]): fc.Arbitrary<T[]> {
  return fc.shuffledSubarray([...items], { minLength: items.length, maxLength: items.length });
}

export function deltaOf(changes: readonly RatingChange[], id: number): number {
  const found = changes.find((c) => c.id === id);
  if (!found) throw new Error(`no change for player ${id}`);
  return found.delta;
}

/** Ids of the winning and losing sides of a decisive match. */
export function sides(match: RatedMatchInput): { winners: RatingPlayer[]; losers: RatingPlayer[] } {
  return match.scoreA > match.scoreB ? { winners: [...match.teamA], losers: [...match.teamB] } : { winners: [...match.teamB], losers: [...match.teamA] };
}
