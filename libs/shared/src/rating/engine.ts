/**
 * ratingEngine: the one object any harness (the backend, the accuracy bench, an outside
 * simulator) drives the rating through (docs/rating.md). Pure and deterministic; a PlayerRating
 * is plain JSON so it round-trips through the database and the wire exactly.
 */
import { isScoringType, targetScore, teamSize, type MatchType, type ScoringType } from '../constants/matches';
import { INITIAL_RATING } from './constants';
import { displayRatingValue } from './display';
import { expectedScore, teamMean } from './formula';
import { rateMatch } from './rate-match';

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
  /** Chance that teamA wins (draws count half), before the match is played. */
  winProbability(teamA: readonly PlayerRating[], teamB: readonly PlayerRating[], match: EngineMatch): number;
  /** What the match does to each player, sorted by id. Throws RangeError on bad input. */
  rate(input: EngineRateInput): EngineChange[];
  /** The number a player sees, e.g. 4.193 (three decimals, 4.000 at start). */
  shown(rating: PlayerRating): number;
}

const ENGINE_VERSION = 1;
const SIGMA_UNUSED = 0;

function seats(ratings: readonly PlayerRating[]) {
  return ratings.map((r, i) => ({ id: i, rating: r.mu, games: r.games }));
}

function target(scoringType: ScoringType): number {
  if (!isScoringType(scoringType)) throw new RangeError(`rateMatch: unknown scoring type ${JSON.stringify(scoringType)}`);
  return targetScore(scoringType);
}

export const ratingEngine: RatingEngine = {
  version: ENGINE_VERSION,
  initial: () => ({ mu: INITIAL_RATING, sigma: SIGMA_UNUSED, games: 0 }),
  winProbability(teamA, teamB, match) {
    void teamSize(match.matchType);
    return expectedScore(teamMean(seats(teamA)), teamMean(seats(teamB)));
  },
  rate(input) {
    const byId = new Map([...input.teamA, ...input.teamB].map((s) => [s.id, s.rating]));
    const player = (s: EngineSeat) => ({ id: s.id, rating: s.rating.mu, games: s.rating.games });
    const changes = rateMatch({ teamA: input.teamA.map(player), teamB: input.teamB.map(player), scoreA: input.scoreA, scoreB: input.scoreB, target: target(input.scoringType) });
    return changes.map((c) => ({ id: c.id, before: byId.get(c.id)!, after: { mu: c.after, sigma: byId.get(c.id)!.sigma, games: c.gamesAfter } }));
  },
  shown: (rating) => displayRatingValue(rating.mu),
};
