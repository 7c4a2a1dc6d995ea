/**
 * Wire types of the play loop around a match (docs/matches.md#my-matches, #cancel-and-leave,
 * #the-result, #moderation; docs/rating.md#rating-history): the caller's open matches, the
 * personal result, the ops' dispute queue, rating history and head-to-head records.
 */
import type { MatchStatus, MatchType, ScoringType } from '../constants/matches';
import type { WitnessedEvidence } from '../witnessed/api';
import type { MatchPlayer, TeamScores } from './matches';

/** Where the one-tap link of an open match leads: its lobby, its report page or its dispute page. */
export type MyMatchStep = 'lobby' | 'report' | 'resolve';

/**
 * One of the caller's open matches (waiting, ready, in-progress, disputed), overall or in a league
 * (`scope` 'league' with its `league_id`; `path` then opens the league pages).
 */
export interface MyMatch {
  match_id: number;
  match_code: string;
  match_type: MatchType;
  scoring_type: ScoringType;
  ranked: boolean;
  status: MatchStatus;
  scope: 'overall' | 'league';
  league_id: number | null;
  is_creator: boolean;
  players_needed: number;
  /** The other players' names, in join order. */
  others: string[];
  /** Whether the caller's side has reported a score (in progress). */
  reported: boolean;
  /** Disputed and past its 72 h deadline: waiting for ops. */
  in_moderation: boolean;
  step: MyMatchStep;
  /** The client route of `step`. */
  path: string;
  created_at: string;
}

export interface MyMatchesResponse {
  matches: MyMatch[];
}

/** POST /api/cancel-match/{id}, /api/leave-match/{id}. */
export interface MatchLeftResponse {
  message: string;
  status: MatchStatus;
}

/** POST /api/rematch/{id}: a new match of the same kind, the other players invited. */
export interface RematchResponse {
  match_id: number;
  match_code: string;
  message: string;
  invited: number;
}

/** GET /api/admin/disputes: disputes past their 72 h deadline, oldest first. */
export interface AdminDispute {
  match_id: number;
  match_code: string;
  match_type: MatchType;
  scoring_type: ScoringType;
  ranked: boolean;
  disputed_at: string;
  moderation_since: string;
  /** When it is voided if ops leave it untouched. */
  void_at: string;
  team_a: MatchPlayer[];
  team_b: MatchPlayer[];
  team_a_report: TeamScores | null;
  team_b_report: TeamScores | null;
  team_a_proposal: TeamScores | null;
  team_b_proposal: TeamScores | null;
  /** Each player's dispute record: matches ever disputed, of those voided, and settled by ops. */
  histories: { user_id: number; username: string; disputes: number; voided: number; ops_settled: number }[];
  /** Scored on the scoreboard: both scorers' logs as evidence (docs/matches.md#witnessed-score); else null. */
  witnessed: WitnessedEvidence | null;
}
export interface AdminDisputesResponse {
  disputes: AdminDispute[];
}

/** POST /api/admin/disputes/{matchId}: a final score (Team A, Team B) or a void. */
export interface AdminDisputeDecisionRequest {
  decision: 'score' | 'void';
  team_a_score?: number;
  team_b_score?: number;
}

/** One rated match of a player, with the change and why (docs/rating.md#rating-history). */
export interface RatingHistoryEntry {
  match_id: number;
  completed_at: string;
  match_type: MatchType;
  scoring_type: ScoringType;
  outcome: 'Win' | 'Loss' | 'Draw';
  my_score: number;
  their_score: number;
  opponents: string[];
  rating_before: string;
  rating_after: string;
  rating_change: string;
  /** Short reasons: opponent strength, margin, match type, provisional speed-up. */
  why: string[];
}
export interface RatingHistoryResponse {
  user_id: number;
  rating: string;
  peak_rating: string;
  provisional: boolean;
  ranked_games: number;
  /** Ranked games left until the rating is no longer provisional (0 once it is not). */
  provisional_games_left: number;
  /** Oldest first. */
  entries: RatingHistoryEntry[];
}

/** GET /api/head-to-head/{userId}: the caller's record against a player, on opposite sides. */
export interface HeadToHeadResponse {
  user_id: number;
  username: string;
  wins: number;
  losses: number;
  draws: number;
  /** 'You 2–1 vs mchen' (draws added as '(1 draw)'). */
  text: string;
}
