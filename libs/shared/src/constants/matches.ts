/** Match types and scoring types (docs/matches.md). Team size is the first digit of the type. */
export const MATCH_TYPES = ['1v1', '2v2', '3v3', '4v4', '5v5'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

export const SCORING_TYPES = ['1s & 2s to 5', '1s & 2s to 11', '1s & 2s to 21', '2s & 3s to 11', '2s & 3s to 21'] as const;
export type ScoringType = (typeof SCORING_TYPES)[number];
export const DEFAULT_SCORING_TYPE: ScoringType = '1s & 2s to 5';
export const DEFAULT_MATCH_TYPE: MatchType = '1v1';

export const MATCH_STATUSES = ['waiting', 'ready', 'in-progress', 'disputed', 'completed', 'cancelled'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

export function isMatchType(value: unknown): value is MatchType {
  return typeof value === 'string' && (MATCH_TYPES as readonly string[]).includes(value);
}

export function isScoringType(value: unknown): value is ScoringType {
  return typeof value === 'string' && (SCORING_TYPES as readonly string[]).includes(value);
}

/** Players per side: the first digit of the type. */
export function teamSize(type: MatchType): number {
  return Number(type[0]);
}

/** The target score a scoring type plays to ("… to 11" → 11), used by the rating. */
export function targetScore(scoring: ScoringType): number {
  return Number(scoring.split(' to ')[1]);
}

/** A match's two teams, as every wire type and rule names them. */
export type TeamSide = 'A' | 'B';
