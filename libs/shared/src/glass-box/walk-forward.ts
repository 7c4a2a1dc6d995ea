/**
 * Rated history walked forward with the rating engine (docs/rating.md#glass-box): each match is
 * predicted on the ratings just before it, then rated, with its integrity weight scaling the
 * change. The calibration page and the integrity analysis read their predictions from here, so
 * both measure the engine as it rates.
 */
import type { MatchType, ScoringType } from '../constants/matches';
import { ratingEngine, type PlayerRating } from '../rating/engine';
import { PROVISIONAL_GAMES } from '../rating/constants';

export interface WalkMatch {
  id: number;
  matchType: MatchType;
  scoringType: ScoringType;
  teamA: readonly number[];
  teamB: readonly number[];
  scoreA: number;
  scoreB: number;
  /** Integrity weight 0–1 (docs/rating.md#integrity); 1 when absent. */
  weight?: number;
}

export interface Prediction {
  matchId: number;
  /** Team A's chance before the match. */
  pA: number;
  /** 1 when A won, 0 when B won, 0.5 for a draw. */
  outcome: number;
  teamSize: number;
  /** Some player of the match was still provisional (fewer than PROVISIONAL_GAMES ranked games). */
  provisional: boolean;
}

/** `after` moved towards `before` by the weight: every numeric field, games counted in full. */
export function weighChange(before: PlayerRating, after: PlayerRating, weight: number): PlayerRating {
  if (weight === 1) return after;
  const out: Record<string, number> = {};
  for (const key of Object.keys(after) as (keyof PlayerRating)[]) out[key] = key === 'games' ? after[key] : before[key] + weight * (after[key] - before[key]);
  return out as unknown as PlayerRating;
}

export function walkForward(matches: readonly WalkMatch[]): { predictions: Prediction[]; ratings: Map<number, PlayerRating> } {
  const ratings = new Map<number, PlayerRating>();
  const get = (id: number) => ratings.get(id) ?? ratingEngine.initial();
  const predictions: Prediction[] = [];
  for (const m of matches) {
    const a = m.teamA.map(get);
    const b = m.teamB.map(get);
    predictions.push({
      matchId: m.id,
      pA: ratingEngine.winProbability(a, b, m),
      outcome: m.scoreA > m.scoreB ? 1 : m.scoreA < m.scoreB ? 0 : 0.5,
      teamSize: m.teamA.length,
      provisional: [...a, ...b].some((r) => r.games < PROVISIONAL_GAMES),
    });
    const changes = ratingEngine.rate({ ...m, teamA: m.teamA.map((id) => ({ id, rating: get(id) })), teamB: m.teamB.map((id) => ({ id, rating: get(id) })) });
    for (const c of changes) ratings.set(c.id, weighChange(c.before, c.after, m.weight ?? 1));
  }
  return { predictions, ratings };
}
