/**
 * The factors of the rating formula (product rules, steps 1–7), one function each so they can be
 * tested alone. Each is written in the exact operation order that rateMatch relies on: floating
 * point is not associative, and replays must be bit-identical.
 */
import {
  ELO_SCALE,
  FAVOURITE_CORRECTION_BASE,
  FAVOURITE_CORRECTION_SLOPE,
  FAVOURITE_GAP_CAP,
  MARGIN_BASE,
  MARGIN_SLOPE,
  NEW_PLAYER_BOOST,
  PROVISIONAL_GAMES,
  SHORT_GAME_FACTOR,
  SHORT_GAME_MAX_TARGET,
} from './constants';
import { pow10 } from './pow10';
import type { RatingPlayer } from './types';

/** Step 1: mean rating, summed in ascending id order so any roster order gives the same bits. */
export function teamMean(team: readonly RatingPlayer[]): number {
  const ratings = [...team].sort((a, b) => a.id - b.id).map((p) => p.rating);
  let sum = 0;
  for (const rating of ratings) sum += rating;
  return sum / ratings.length;
}

/**
 * Step 2: Elo expected score of a side with mean `own` against a side with mean `other`. 10^x is
 * `pow10`, not `Math.pow`: the runtime's own differs in the last bit between Node versions, and a
 * replay must give the stored bits on any of them (docs/rating.md#the-same-bits-on-every-runtime).
 */
export function expectedScore(own: number, other: number): number {
  return 1 / (1 + pow10((other - own) / ELO_SCALE));
}

/** Step 3: margin multiplier, 0.5 (x→0) … 2.0 (shutout); max(T, sW) keeps x ≤ 1 in overtime wins. */
export function marginMultiplier(winnerScore: number, loserScore: number, target: number): number {
  const x = (winnerScore - loserScore) / Math.max(target, winnerScore);
  return MARGIN_BASE + MARGIN_SLOPE * Math.sqrt(x);
}

/**
 * Step 4: beating a weaker side by a lot is partly expected, so the margin bonus is damped for
 * favourites (A < 1) and boosted for underdogs (A > 1). The gap is clamped so A stays positive.
 */
export function favouriteCorrection(winnerMean: number, loserMean: number): number {
  const gap = Math.min(FAVOURITE_GAP_CAP, Math.max(-FAVOURITE_GAP_CAP, winnerMean - loserMean));
  return FAVOURITE_CORRECTION_BASE / (FAVOURITE_CORRECTION_BASE + FAVOURITE_CORRECTION_SLOPE * gap);
}

/** Step 5a: one player carries less of a team result in bigger teams. */
export function teamSizeWeight(size: number): number {
  return 1 / Math.sqrt(size);
}

/** Step 5b: short games (to 7 or less) are noisier, so they count 0.7×. */
export function targetFactor(target: number): number {
  return target <= SHORT_GAME_MAX_TARGET ? SHORT_GAME_FACTOR : 1;
}

/** Step 7: new players converge faster: 2.5× at 0 games, fading linearly to 1× at 15 games. */
export function experienceMultiplier(games: number): number {
  return 1 + (NEW_PLAYER_BOOST * Math.max(0, PROVISIONAL_GAMES - games)) / PROVISIONAL_GAMES;
}
