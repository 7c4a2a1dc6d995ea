/**
 * How often the rating's predictions come true (docs/rating.md#glass-box): a reliability table in
 * 10 bins of the favourite's chance, log-loss and Brier score overall, by team size and for
 * matches with and without provisional players. Pure; the nightly job stores its result.
 */
import type { Prediction } from './walk-forward';

export interface CalibrationBin {
  /** Lower edge of the predicted chance, 0.0 … 0.9. */
  from: number;
  to: number;
  games: number;
  /** Mean predicted chance of the games in the bin (null when empty). */
  predicted: number | null;
  /** Share actually won (draws half), null when empty. */
  won: number | null;
}

export interface CalibrationScore {
  games: number;
  logLoss: number | null;
  brier: number | null;
}

export interface Calibration {
  games: number;
  bins: CalibrationBin[];
  overall: CalibrationScore;
  byTeamSize: ({ teamSize: number } & CalibrationScore)[];
  provisional: CalibrationScore;
  established: CalibrationScore;
}

const EPS = 1e-12;

function score(ps: readonly Prediction[]): CalibrationScore {
  if (!ps.length) return { games: 0, logLoss: null, brier: null };
  let ll = 0;
  let br = 0;
  for (const p of ps) {
    const q = Math.min(1 - EPS, Math.max(EPS, p.pA));
    ll -= p.outcome * Math.log(q) + (1 - p.outcome) * Math.log(1 - q);
    br += (p.pA - p.outcome) ** 2;
  }
  return { games: ps.length, logLoss: round(ll / ps.length), brier: round(br / ps.length) };
}

const round = (x: number) => Math.round(x * 10000) / 10000;

/**
 * Each game counts once, from the side the rating favoured (chance ≥ 50 %), so "when we gave a
 * team 70 %" reads the 70 % bin; a game given exactly 50 % is read from team A.
 */
export function calibrate(predictions: readonly Prediction[]): Calibration {
  const bins: CalibrationBin[] = Array.from({ length: 10 }, (_, i) => ({ from: i / 10, to: (i + 1) / 10, games: 0, predicted: null, won: null }));
  const sums = bins.map(() => ({ p: 0, w: 0 }));
  for (const p of predictions) {
    const [chance, won] = p.pA >= 0.5 ? [p.pA, p.outcome] : [1 - p.pA, 1 - p.outcome];
    const i = Math.min(9, Math.floor(chance * 10));
    bins[i].games += 1;
    sums[i].p += chance;
    sums[i].w += won;
  }
  bins.forEach((b, i) => {
    if (b.games) {
      b.predicted = round(sums[i].p / b.games);
      b.won = round(sums[i].w / b.games);
    }
  });
  const sizes = [...new Set(predictions.map((p) => p.teamSize))].sort((a, b) => a - b);
  return {
    games: predictions.length,
    bins,
    overall: score(predictions),
    byTeamSize: sizes.map((teamSize) => ({ teamSize, ...score(predictions.filter((p) => p.teamSize === teamSize)) })),
    provisional: score(predictions.filter((p) => p.provisional)),
    established: score(predictions.filter((p) => !p.provisional)),
  };
}
