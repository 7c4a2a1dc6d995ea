/** Wire-free data shapes of the rating engine: plain numbers so they serialise to JSON exactly. */

/** One player's state in a pool at the moment a match is rated. */
export interface RatingPlayer {
  /** Player id; also fixes the summation order, which makes results independent of roster order. */
  id: number;
  /** Internal mean μ (unclamped; 1500 at start). */
  rating: number;
  /** Uncertainty σ of the mean (internal points). */
  sigma: number;
  /** Ranked matches already applied to this player in this pool. */
  games: number;
}

/** A completed ranked match, ready to be rated. */
export interface RatedMatchInput {
  teamA: readonly RatingPlayer[];
  teamB: readonly RatingPlayer[];
  scoreA: number;
  scoreB: number;
  /** Target score T of the scoring type ("… to 11" → 11). */
  target: number;
  /** Points of the smallest basket (1 in "1s & 2s", 2 in "2s & 3s"): scores / unit ≈ baskets. */
  pointUnit?: number;
}

/** What one match did to one player. `after === before + delta` (computed exactly that way). */
export interface RatingChange {
  id: number;
  before: number;
  after: number;
  delta: number;
  sigmaBefore: number;
  sigmaAfter: number;
  gamesBefore: number;
  gamesAfter: number;
}

/** A player's state in a pool between matches. */
export interface RatingState {
  rating: number;
  sigma: number;
  games: number;
}

/** Pool state keyed by player id. */
export type RatingPool = Map<number, RatingState>;
