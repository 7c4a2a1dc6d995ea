/**
 * Pure match rules (docs/matches.md), kept free of I/O so they are unit-tested on their own
 * and shared by the API services and the deadline worker.
 */
import { teamSize, type MatchStatus, type MatchType, type TeamSide } from '@gotnext/shared';

export const OPEN_STATUSES: readonly MatchStatus[] = ['waiting', 'ready', 'in-progress', 'disputed'];

/** Open slots left: 2·teamSize − players (0 once full). */
export function playersNeeded(type: MatchType, players: number): number {
  return Math.max(0, 2 * teamSize(type) - players);
}

/** Joining fills the first team with room: Team A, then Team B; null when the match is full. */
export function firstTeamWithRoom(type: MatchType, countA: number, countB: number): TeamSide | null {
  const size = teamSize(type);
  if (countA < size) return 'A';
  if (countB < size) return 'B';
  return null;
}

export const otherSide = (side: TeamSide): TeamSide => (side === 'A' ? 'B' : 'A');

export interface TeamScores {
  a: number;
  b: number;
}

/** A 1v1 report is "my score, their score"; stored as Team A/Team B scores (the creator is Team A). */
export function normalize1v1(side: TeamSide, userScore: number, opponentScore: number): TeamScores {
  return side === 'A' ? { a: userScore, b: opponentScore } : { a: opponentScore, b: userScore };
}

/** The inverse of normalize1v1: a stored score as "mine, theirs" for a player on `side`. */
export function fromSide(side: TeamSide, scores: TeamScores): { user_score: number; opponent_score: number } {
  return side === 'A' ? { user_score: scores.a, opponent_score: scores.b } : { user_score: scores.b, opponent_score: scores.a };
}

export type ReportVerdict = { kind: 'waiting' } | { kind: 'agreed'; scores: TeamScores } | { kind: 'disputed' };

/** What two sides' reports decide: nothing yet, a completed match, or a dispute. */
export function judgeReports(a: TeamScores | null, b: TeamScores | null): ReportVerdict {
  if (!a || !b) return { kind: 'waiting' };
  if (a.a === b.a && a.b === b.b) return { kind: 'agreed', scores: { a: a.a, b: a.b } };
  return { kind: 'disputed' };
}

/** Statuses move only forward; this is the order. */
const RANK: Record<MatchStatus, number> = { waiting: 0, ready: 1, 'in-progress': 2, disputed: 3, completed: 4, cancelled: 4 };
export function movesForward(from: MatchStatus, to: MatchStatus): boolean {
  if (from === 'completed' || from === 'cancelled') return false;
  if (to === 'cancelled') return from === 'waiting' || from === 'ready';
  return RANK[to] > RANK[from];
}

/**
 * Whether a completed match had been disputed and was settled with a score (both sides' final
 * score, or ops): its notices carry `dispute_resolved` (docs/matches.md#settlement).
 */
export function settledAfterDispute(settledBy: string | null): boolean {
  return settledBy === 'resolved' || settledBy === 'ops';
}
