import { targetScore, walkForward, type IntegrityMatch, type WalkMatch } from '@gotnext/shared';
import type { HistoryMatch } from './integrity.repository';

/** Stored matches as the engine walks them (docs/rating.md#glass-box). */
export function walkMatchesOf(history: readonly HistoryMatch[]): WalkMatch[] {
  return history.map((m) => ({
    id: m.id,
    matchType: m.match_type,
    scoringType: m.scoring_type,
    teamA: m.team_a,
    teamB: m.team_b,
    scoreA: m.team_a_score,
    scoreB: m.team_b_score,
    weight: m.weight,
  }));
}

/** Stored matches as the integrity analysis reads them, each with the rating's chance for team A before it. */
export function integrityMatchesOf(history: readonly HistoryMatch[]): IntegrityMatch[] {
  const pA = new Map(walkForward(walkMatchesOf(history)).predictions.map((p) => [p.matchId, p.pA]));
  return history.map((m) => ({
    id: m.id,
    completedAt: new Date(m.completed_at).getTime(),
    teamA: m.team_a,
    teamB: m.team_b,
    scoreA: m.team_a_score,
    scoreB: m.team_b_score,
    target: targetScore(m.scoring_type),
    expectedA: pA.get(m.id),
  }));
}
