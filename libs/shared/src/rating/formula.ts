/**
 * The factors of the rating formula (docs/rating.md#formula), one function each so they can be
 * tested alone. Each is written in the exact operation order rateMatch relies on: floating point
 * is not associative, and replays must be bit-identical. Only + − × ÷, Math.sqrt (correctly
 * rounded everywhere) and pow10 are used (docs/rating.md#the-same-bits-on-every-runtime).
 */
import { ELO_SCALE, type RatingParams } from './constants';
import { pow10 } from './pow10';
import type { RatingPlayer } from './types';

const byId = (team: readonly RatingPlayer[]) => [...team].sort((a, b) => a.id - b.id);

/** Mean rating, summed in ascending id order so any roster order gives the same bits. */
export function teamMean(team: readonly RatingPlayer[]): number {
  let sum = 0;
  for (const p of byId(team)) sum += p.rating;
  return sum / team.length;
}

/** Sum of both teams' variances (σ²), in ascending id order over all players. */
export function totalVariance(players: readonly RatingPlayer[]): number {
  let sum = 0;
  for (const p of byId(players)) sum += p.sigma * p.sigma;
  return sum;
}

/** √(T/11) blended in by `weight`: a longer game lets the better side show more (points add up). */
export function lengthFactor(target: number, params: RatingParams): number {
  return 1 - params.lengthWeight + params.lengthWeight * Math.sqrt(target / 11);
}

/** Logit slope (base 10, per internal point of mean gap) of a match of this size and length. */
export function gapScale(size: number, target: number, params: RatingParams): number {
  return (params.teamSizeScale[size - 1]! * lengthFactor(target, params)) / ELO_SCALE;
}

/** Glicko's g: how much the players' uncertainty pulls the prediction toward even (1 = not at all). */
export function uncertaintyFactor(scale: number, variance: number, size: number, params: RatingParams): number {
  const perPlayer = scale / size;
  return 1 / Math.sqrt(1 + params.uncertaintyPull * perPlayer * perPlayer * variance);
}

/** Chance that the side with mean `own` beats the side with mean `other`. */
export function expectedScore(own: number, other: number, scale: number, g: number): number {
  return 1 / (1 + pow10(g * scale * (other - own)));
}

/** tanh(x) from pow10 (odd by construction, so the two sides of a match get exactly opposite values). */
export function tanh(x: number): number {
  const e = pow10((2 * Math.abs(x)) / LN10);
  const t = (e - 1) / (e + 1);
  return x < 0 ? 0 - t : t;
}

/** The score as evidence: the points share difference (sA − sB) / (sA + sB), 0 for 0–0. */
export function pointsShare(own: number, other: number): number {
  return own + other === 0 ? 0 : (own - other) / (own + other);
}

/** ln 10: converts the base-10 slope to the natural logit the update's gain is written in. */
export const LN10 = 2.302585092994046;
