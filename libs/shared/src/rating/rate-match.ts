/**
 * rateMatch: applies one completed ranked match to its players (product rules, steps 1–9).
 * Pure and deterministic: no clock, no randomness, no dependence on roster order or on which
 * team is called A — a "rebuild" replays history and must land on the very same bits.
 */
import { K_FACTOR } from './constants';
import { expectedScore, experienceMultiplier, favouriteCorrection, marginMultiplier, targetFactor, teamMean, teamSizeWeight } from './formula';
import type { RatedMatchInput, RatingChange, RatingPlayer } from './types';
import { validateRatedMatch } from './validate';

function change(player: RatingPlayer, delta: number): RatingChange {
  return {
    id: player.id,
    before: player.rating,
    after: player.rating + delta,
    delta,
    gamesBefore: player.games,
    gamesAfter: player.games + 1,
  };
}

/**
 * Side step D of a team: D = 24 · W_n · F_T · M · A · (S − E), with S = 1, E = E_W for a win
 * (step 6) and S = 0.5, M = A = 1 for a draw (step 9). Multiplying by 1 is exact, so one
 * expression serves both cases in the documented order.
 */
function sideStep(size: number, target: number, margin: number, correction: number, actual: number, expected: number): number {
  return K_FACTOR * teamSizeWeight(size) * targetFactor(target) * margin * correction * (actual - expected);
}

/** Rates one match; returns one change per player, sorted by id. Throws RangeError on bad input. */
export function rateMatch(input: RatedMatchInput): RatingChange[] {
  validateRatedMatch(input);
  const { teamA, teamB, scoreA, scoreB, target } = input;
  const size = teamA.length;
  const changes: RatingChange[] = [];

  if (scoreA === scoreB) {
    // Draw: each side computes its own expectation, so swapping the labels changes nothing.
    const meanA = teamMean(teamA);
    const meanB = teamMean(teamB);
    const stepA = sideStep(size, target, 1, 1, 0.5, expectedScore(meanA, meanB));
    const stepB = sideStep(size, target, 1, 1, 0.5, expectedScore(meanB, meanA));
    for (const p of teamA) changes.push(change(p, experienceMultiplier(p.games) * stepA));
    for (const p of teamB) changes.push(change(p, experienceMultiplier(p.games) * stepB));
  } else {
    const [winners, losers, winnerScore, loserScore] = scoreA > scoreB ? [teamA, teamB, scoreA, scoreB] : [teamB, teamA, scoreB, scoreA];
    const meanW = teamMean(winners);
    const meanL = teamMean(losers);
    const margin = marginMultiplier(winnerScore, loserScore, target);
    const step = sideStep(size, target, margin, favouriteCorrection(meanW, meanL), 1, expectedScore(meanW, meanL));
    for (const p of winners) changes.push(change(p, experienceMultiplier(p.games) * step));
    // `0 - x` rather than `-x`: if the step underflows to 0 this yields +0, never -0, which JSON
    // could not round-trip (JSON.stringify(-0) === "0") and the golden replay compares with Object.is.
    for (const p of losers) changes.push(change(p, 0 - experienceMultiplier(p.games) * step));
  }

  return changes.sort((a, b) => a.id - b.id);
}
