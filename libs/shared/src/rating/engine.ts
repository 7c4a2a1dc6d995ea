/**
 * ratingEngine: the one object any harness (the backend, the accuracy bench, an outside
 * simulator) drives the rating through (docs/rating.md). Pure and deterministic; a PlayerRating
 * is plain JSON so it round-trips through the database and the wire exactly.
 */
import { isMatchType, isScoringType, targetScore, teamSize, type MatchType, type ScoringType } from '../constants/matches';
import { ENGINE_VERSION, INITIAL_RATING, RATING_PARAMS, type RatingParams } from './constants';
import { displayRatingValue } from './display';
import { rateMatch, winChance } from './rate-match';
import { pointUnit } from './scoring';
import type { RatingPlayer } from './types';

/** One player's state in a pool: mean `mu` (internal points, 1500 at start), uncertainty `sigma`, games. */
export interface PlayerRating {
  mu: number;
  sigma: number;
  games: number;
}

export interface EngineMatch {
  matchType: MatchType;
  scoringType: ScoringType;
}

export interface EngineSeat {
  id: number;
  rating: PlayerRating;
}

export interface EngineRateInput extends EngineMatch {
  teamA: readonly EngineSeat[];
  teamB: readonly EngineSeat[];
  scoreA: number;
  scoreB: number;
}

export interface EngineChange {
  id: number;
  before: PlayerRating;
  after: PlayerRating;
}

export interface RatingEngine {
  /** Stored with every rating event; a replay under another version gives other numbers. */
  version: number;
  initial(): PlayerRating;
  /** Chance that teamA wins, before the match is played. */
  winProbability(teamA: readonly PlayerRating[], teamB: readonly PlayerRating[], match: EngineMatch): number;
  /** What the match does to each player, sorted by id. Throws RangeError on bad input. */
  rate(input: EngineRateInput): EngineChange[];
  /** The number a player sees, e.g. 4.193 (three decimals, 4.000 at start). */
  shown(rating: PlayerRating): number;
}

function target(match: EngineMatch, teamA: readonly unknown[]): number {
  if (!isScoringType(match.scoringType)) throw new RangeError(`rateMatch: unknown scoring type ${JSON.stringify(match.scoringType)}`);
  if (!isMatchType(match.matchType) || teamSize(match.matchType) !== teamA.length) {
    throw new RangeError(`rateMatch: match type ${JSON.stringify(match.matchType)} does not fit teams of ${teamA.length}`);
  }
  return targetScore(match.scoringType);
}

/** Positions stand in for ids where the caller gives none (a prediction): only the order of summing uses them. */
const asPlayers = (ratings: readonly PlayerRating[], offset: number): RatingPlayer[] => ratings.map((r, i) => ({ id: offset + i, rating: r.mu, sigma: r.sigma, games: r.games }));

/** The engine with other knobs: the accuracy bench tunes and ablates through this; the product uses `ratingEngine`. */
export function engineWith(params: RatingParams, version = ENGINE_VERSION): RatingEngine {
  return {
    version,
    initial: () => ({ mu: INITIAL_RATING, sigma: params.initialSigma, games: 0 }),
    winProbability(teamA, teamB, match) {
      return winChance(asPlayers(teamA, 0), asPlayers(teamB, teamA.length), target(match, teamA), params);
    },
    rate(input) {
      const player = (s: EngineSeat): RatingPlayer => ({ id: s.id, rating: s.rating.mu, sigma: s.rating.sigma, games: s.rating.games });
      const changes = rateMatch(
        {
          teamA: input.teamA.map(player),
          teamB: input.teamB.map(player),
          scoreA: input.scoreA,
          scoreB: input.scoreB,
          target: target(input, input.teamA),
          pointUnit: pointUnit(input.scoringType),
        },
        params,
      );
      return changes.map((c) => ({
        id: c.id,
        before: { mu: c.before, sigma: c.sigmaBefore, games: c.gamesBefore },
        after: { mu: c.after, sigma: c.sigmaAfter, games: c.gamesAfter },
      }));
    },
    shown: (rating) => displayRatingValue(rating.mu),
  };
}

export const ratingEngine: RatingEngine = engineWith(RATING_PARAMS);
