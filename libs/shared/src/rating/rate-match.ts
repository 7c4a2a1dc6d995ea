/**
 * rateMatch: applies one completed ranked match to its players (docs/rating.md#formula). Each
 * player has a mean and an uncertainty; a match is one noisy observation of the gap between the
 * two teams' means, and each player's mean moves in proportion to their own uncertainty (a
 * Kalman-style step, as in Glicko and Weng–Lin), scaled by the margin of the score.
 * Pure and deterministic: no clock, no randomness, no dependence on roster order or on which
 * team is called A — a rebuild replays history and must land on the very same bits.
 */
import { RATING_PARAMS, type RatingParams } from './constants';
import { expectedScore, gapScale, pointsShare, tanh, teamMean, totalVariance, uncertaintyFactor } from './formula';
import type { RatedMatchInput, RatingChange, RatingPlayer } from './types';
import { validateRatedMatch } from './validate';

/** The prediction of one side: its chance, and the pieces the update reuses. */
export function sidePrediction(own: readonly RatingPlayer[], other: readonly RatingPlayer[], target: number, params: RatingParams = RATING_PARAMS) {
  const size = own.length;
  const scale = gapScale(size, target, params);
  // Drift first: the uncertainty a player brings to this game includes what changed since the last.
  const drifted = (p: RatingPlayer) => ({ ...p, sigma: Math.sqrt(p.sigma * p.sigma + params.driftPerGame * params.driftPerGame) });
  const all = [...own, ...other].map(drifted);
  const variance = totalVariance(all);
  const g = uncertaintyFactor(scale, variance, size, params);
  return { size, scale, variance, g, expected: expectedScore(teamMean(own), teamMean(other), scale, g), drifted };
}

/** Win probability of `own` against `other` (no draws in the model; a draw counts half). */
export function winChance(own: readonly RatingPlayer[], other: readonly RatingPlayer[], target: number, params: RatingParams = RATING_PARAMS): number {
  return sidePrediction(own, other, target, params).expected;
}

function clampSigma(sigma: number, params: RatingParams): number {
  return Math.min(params.initialSigma, Math.max(params.minSigma, sigma));
}

/**
 * The update (docs/rating.md#formula): the score is one noisy look at the gap between the teams.
 * Expected points share û = tanh(λ/2) with λ the point logit of the mean gap; seen u = (sA − sB) /
 * (sA + sB) with variance R = basketNoise / baskets + modelNoise. Each player's mean moves by
 * σ²·H·(u − û)/S and σ² shrinks by σ⁴·H²/S (a Kalman step, S = H²·Σσ² + R), H the slope of û per
 * player. A winner never loses points (nor a loser gains): a narrow win as the favourite counts as
 * expected.
 */
function rateSides(
  teamA: readonly RatingPlayer[],
  teamB: readonly RatingPlayer[],
  scoreA: number,
  scoreB: number,
  target: number,
  unit: number,
  params: RatingParams,
): RatingChange[] {
  const size = teamA.length;
  const pred = sidePrediction(teamA, teamB, target, params);
  const lambda = params.pointSlope * params.teamSizeScale[size - 1]! * (teamMean(teamA) - teamMean(teamB));
  const expected = tanh(lambda / 2);
  const seen = pointsShare(scoreA, scoreB);
  const h = (params.pointSlope * params.teamSizeScale[size - 1]! * (1 - expected * expected)) / (2 * size);
  const baskets = (scoreA + scoreB) / unit;
  const noise = baskets === 0 ? params.basketNoise : params.basketNoise / baskets + params.modelNoise;
  const s = h * h * pred.variance + noise;
  const surprise = seen - expected;
  const changes: RatingChange[] = [];
  for (const [team, sign] of [
    [teamA, 1],
    [teamB, -1],
  ] as const) {
    const won = sign === 1 ? scoreA > scoreB : scoreB > scoreA;
    const lost = sign === 1 ? scoreA < scoreB : scoreB < scoreA;
    for (const original of team) {
      const p = pred.drifted(original);
      const v = p.sigma * p.sigma;
      const raw = (v * h * surprise) / s;
      // `0 - x` rather than `-x`: a zero step stays +0, which JSON round-trips (the golden replay uses Object.is).
      const signed = sign === 1 ? raw : 0 - raw;
      const delta = won ? Math.max(0, signed) : lost ? Math.min(0, signed) : signed;
      changes.push({
        id: p.id,
        before: original.rating,
        after: original.rating + delta,
        delta: delta === 0 ? 0 : delta,
        sigmaBefore: original.sigma,
        sigmaAfter: clampSigma(Math.sqrt(v - (v * v * h * h) / s), params),
        gamesBefore: original.games,
        gamesAfter: original.games + 1,
      });
    }
  }
  return changes;
}

/** Rates one match; returns one change per player, sorted by id. Throws RangeError on bad input. */
export function rateMatch(input: RatedMatchInput, params: RatingParams = RATING_PARAMS): RatingChange[] {
  validateRatedMatch(input);
  const changes = rateSides(input.teamA, input.teamB, input.scoreA, input.scoreB, input.target, input.pointUnit ?? 1, params);
  return changes.sort((x, y) => x.id - y.id);
}
