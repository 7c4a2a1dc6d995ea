/**
 * Tuning constants of the GotNext rating (product rules, docs/rating.md#formula). Changing any of
 * them changes every replayed rating: bump ENGINE_VERSION and regenerate the golden replay
 * (golden/replay.json) with it. Tuned on the accuracy bench's training seed
 * (bench/rating-accuracy.bench.mjs), reported on another.
 */

/** Stored with every rating event; events of another version are replayed, never mixed. */
export const ENGINE_VERSION = 2;

/** Internal mean every player starts at in a pool (shown as "4.000"). */
export const INITIAL_RATING = 1500;

/** Ranked matches a player needs in a pool before the rating stops being provisional (display). */
export const PROVISIONAL_GAMES = 15;

/** Elo logistic scale: a 400-point gap means the favourite is expected to score 10:1. */
export const ELO_SCALE = 400;

/** Largest and smallest team size of the match types (1v1 … 5v5). */
export const MIN_TEAM_SIZE = 1;
export const MAX_TEAM_SIZE = 5;

/** Every knob of the formula in one object, so the bench can tune a copy (RATING_PARAMS is the product). */
export interface RatingParams {
  /** Uncertainty (standard deviation, internal points) of a player never seen. */
  initialSigma: number;
  /** Smallest uncertainty: skill drifts, so even a veteran's rating must keep moving. */
  minSigma: number;
  /** Added (as variance) before each game: how far skill may have drifted since the last one. */
  driftPerGame: number;
  /** Rating gap per team size 1…5 that one internal point of mean gap is worth. */
  teamSizeScale: readonly [number, number, number, number, number];
  /** How much of the √(T/11) game-length effect applies (0: none, 1: all). */
  lengthWeight: number;
  /** Point logit (natural) per internal point of mean gap in a 1v1: how a gap shows in the score. */
  pointSlope: number;
  /** The score's noise: basketNoise / (baskets scored) + modelNoise (variance of the points share). */
  basketNoise: number;
  modelNoise: number;
  /** Glicko's 3q²/π²: how far uncertainty pulls a prediction toward even. */
  uncertaintyPull: number;
}

export const RATING_PARAMS: RatingParams = {
  initialSigma: 234,
  minSigma: 45,
  driftPerGame: 9.6,
  teamSizeScale: [1, 1.3, 1.55, 1.75, 1.84],
  lengthWeight: 0.7,
  pointSlope: 0.00293,
  basketNoise: 3.19,
  modelNoise: 0.0843,
  uncertaintyPull: 0.027,
};

/** Display: shown = clamp(4000 + round(4·(R − 1500)), 2000, 8000) / 1000. */
export const DISPLAY_CENTER = 4000;
export const DISPLAY_SCALE = 4;
export const DISPLAY_MIN = 2000;
export const DISPLAY_MAX = 8000;
