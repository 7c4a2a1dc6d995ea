/** Wire types of the match, history and profile calls (docs/api.md#wire-names). Field names are the spec's. */
import type { MatchStatus, MatchType, ScoringType, TeamSide } from '../constants/matches';
import type { WitnessedEvidence } from '../witnessed/api';

export type { TeamSide } from '../constants/matches';

/** A player as the lobby, report and dispute screens show them. */
export interface MatchPlayer {
  user_id: number;
  username: string;
  profile_picture: string | null;
  profile_picture_version: number;
  /**
   * Match details only (docs/matches.md#who-sees-a-match): the overall display rating, absent
   * when the player hides it, and whether they are verified (e-mail and ID).
   */
  rating?: string;
  verified?: boolean;
}

export interface CreateMatchRequest {
  user_id?: number;
  ranked?: boolean;
  scoringType?: ScoringType;
  /** Open the lobby to nearby players rated in this range (shown ratings, both or neither; docs/matches.md#open-lobbies). */
  open_min_rating?: number;
  open_max_rating?: number;
}
export interface CreateMatchResponse {
  match_id: number;
  match_code: string;
  message: string;
}

export interface JoinMatchRequest {
  user_id?: number;
  match_code: string;
}
export interface JoinMatchResponse {
  match_id: number;
  message: string;
}

export interface MatchTypeResponse {
  match_type: MatchType;
}

/** GET /api/match-details/{id}: both team spellings of the spec, and `opponent` for 1v1. */
export interface MatchDetails {
  match_id: number;
  match_code: string;
  match_type: MatchType;
  matchType: MatchType;
  scoring_type: ScoringType;
  ranked: boolean;
  creator_id: number;
  status: MatchStatus;
  players_needed: number;
  /** 1v1 only: the other player (null while the slot is open). */
  opponent: MatchPlayer | null;
  teamA: MatchPlayer[];
  team_a: MatchPlayer[];
  teamB: MatchPlayer[];
  team_b: MatchPlayer[];
  /** The caller's team. */
  my_team: TeamSide | null;
  /** Which sides have reported a score (not what they reported). */
  reported: { A: boolean; B: boolean };
  /**
   * What the caller's own side reported, from the caller's side (the lobby's "You reported 5–3";
   * docs/matches.md#reporting); never the other side's. Null before the side reports.
   */
  my_report: SideScore | null;
  team_a_score: number | null;
  team_b_score: number | null;
  /** The league of a league match (docs/leagues.md#league-matches), else null. */
  league_id: number | null;
  /** Completed (or voided): the result in the caller's words (docs/matches.md#the-result); null before. */
  result: MatchResultSummary | null;
  /** The score the scoring type plays to ('1s & 2s to 21' → 21), shown on the report page. */
  target_score: number;
}

export interface JoinTeamRequest {
  match_id: number;
  user_id?: number;
}
export interface JoinTeamResponse {
  message: string;
  teamA: MatchPlayer[];
  team_a: MatchPlayer[];
  teamB: MatchPlayer[];
  team_b: MatchPlayer[];
}

/** POST /api/start-match/{id}. */
export interface StartMatchResponse {
  message: string;
  status: MatchStatus;
}

export interface ReportScore1v1Request {
  match_id: number;
  user_id?: number;
  user_score: number;
  opponent_score: number;
}
export interface ReportScoreTeamsRequest {
  match_id: number;
  user_id?: number;
  team_1_score: number;
  team_2_score: number;
}
export interface ReportScoreResponse {
  message: string;
  status: MatchStatus;
}

/** A 1v1 report in its reporter's own words. */
export interface SideScore {
  user_score: number;
  opponent_score: number;
}
export interface TeamScores {
  team_a_score: number;
  team_b_score: number;
}

/** GET /api/dispute-match-details/{id}. */
export interface DisputeDetails {
  match_id: number;
  match_type: MatchType;
  status: MatchStatus;
  creator_id: number;
  opponent: MatchPlayer | null;
  /** What the caller's side reported, from the caller's side. */
  userReportedScore: SideScore | null;
  /** What the other side reported, from the other side's point of view. */
  opponentReportedScore: SideScore | null;
  /** 1v1: each player's report keyed by their user id, in their own words. */
  scores: Record<string, SideScore>;
  team_a: MatchPlayer[];
  team_b: MatchPlayer[];
  /** Team matches: each team's report as Team A/Team B scores. */
  team_a_report: TeamScores | null;
  team_b_report: TeamScores | null;
  my_team: TeamSide | null;
  /** The current final-score proposals (docs/matches.md#disputes), both from the caller's side. */
  my_proposal: DisputeProposal | null;
  their_proposal: DisputeProposal | null;
  /** Past the 72 h deadline, waiting for ops (docs/matches.md#moderation). */
  in_moderation: boolean;
  /** When an open dispute goes to ops (ISO, 72 h after it began); null once settled. */
  moderation_at: string | null;
  /** Completed: the result in the caller's words. */
  result: MatchResultSummary | null;
  /** Scored on the scoreboard: both scorers' logs and where they split (docs/matches.md#witnessed-score); else null. */
  witnessed?: WitnessedEvidence | null;
}

export interface ResolveDispute1v1Request {
  match_id: number;
  userScore: number;
  opponentScore: number;
}
export interface ResolveDisputeTeamsRequest {
  match_id: number;
  team_a_score: number;
  team_b_score: number;
}
export interface ResolveDisputeResponse {
  message: string;
  status: MatchStatus;
}

export type MatchOutcome = 'Win' | 'Loss' | 'Draw' | 'Disputed';

export interface MatchStatistics {
  total_wins?: number;
  total_losses?: number;
  total_disputes: number;
  games_played: number;
}

/**
 * One row of match history (docs/matches.md#history), from the viewed player's side. For anyone
 * but the owner, a player's hidden preferences null the fields that would tell them
 * (docs/matches.md#what-others-see): `outcome` and every score when wins/losses are hidden,
 * `rating_change` when either wins/losses or the rating is hidden.
 */
export interface MatchHistoryEntry {
  match_id: number;
  outcome: MatchOutcome | null;
  match_type: MatchType;
  ranked: boolean;
  ranked_status: 'Ranked' | 'Unranked';
  scoring_type: ScoringType;
  opponent_id: number | null;
  opponent_name: string | null;
  opponent_profile_picture: string | null;
  opponent_profile_picture_version: number | null;
  user_score: number | null;
  opponent_score: number | null;
  team_a: MatchPlayer[];
  team_b: MatchPlayer[];
  team_a_score: number | null;
  team_b_score: number | null;
  team_1_score: number | null;
  team_2_score: number | null;
  final_scores: TeamScores | null;
  /** Rating change of this match for the viewed player (display points, 3 decimals), ranked only. */
  rating_change: string | null;
  completed_at: string;
  date_time_local: string;
}

export interface UserStatsResponse {
  user_id: number;
  username: string;
  match_history: MatchHistoryEntry[];
  match_statistics: MatchStatistics;
}

export interface UserProfile {
  user_id: number;
  username: string;
  profile_picture: string | null;
  profile_picture_version: number;
  state: string;
  /** Display rating with three decimals, e.g. "4.000"; absent when the player hides it. */
  rating?: string;
  provisional?: boolean;
  ranked_games?: number;
  /** Position in the state (US) or country leaderboard; null when not ranked there; absent when hidden. */
  region_ranking?: number | null;
  height?: string | null;
  weight?: string | null;
  bio: string;
  match_statistics: MatchStatistics;
  recent_matches: MatchHistoryEntry[];
}

/** A completed match as the viewer reads it (docs/matches.md#the-result). */
export interface MatchResultSummary {
  outcome: 'Win' | 'Loss' | 'Draw' | 'Voided';
  /** The viewer's side's score first. Null when voided. */
  my_score: number | null;
  their_score: number | null;
  /** Shown ratings before and after ("4.000"), ranked and rated only. */
  rating_before: string | null;
  rating_after: string | null;
  rating_change: string | null;
  /** Ranked, completed with a score, and the rating job has not applied it yet. */
  rating_pending: boolean;
  /** The summary in the viewer's words, e.g. 'You won 21–15 vs mchen · 4.000 → 4.090 (+0.090)'. */
  text: string;
}

/**
 * A side's current proposal in a dispute, from the caller's side (the caller's side's score
 * first): its final score once it submitted one (`kind: 'final'`), else the score it reported
 * (`kind: 'report'`), which still stands as its claim (docs/matches.md#disputes).
 */
export interface DisputeProposal {
  user_score: number;
  opponent_score: number;
  kind: 'final' | 'report';
}
