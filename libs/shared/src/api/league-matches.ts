/**
 * Wire types of league matches, the league's leaderboard and history, and past matches added by
 * organisers (docs/leagues.md#league-matches). Field names are the spec's (docs/api.md#wire-names).
 */
import type { ScoringType } from '../constants/matches';
import type { DisputeDetails, MatchPlayer } from './matches';

export interface CreateLeagueMatchRequest {
  league_id: number;
  user_id?: number;
  matchType: string;
  scoringType?: ScoringType;
}
export interface CreateLeagueMatchResponse {
  match_id: number;
  match_code: string;
  league_id: number;
  message: string;
}

export interface LeagueJoinMatchRequest {
  user_id?: number;
  match_code: string;
  league_id: number;
}
export interface LeagueJoinMatchResponse {
  match_id: number;
  match_type: string;
  message: string;
}

/** POST /api/leagues/report-score: the 1v1 and the team payloads (docs/leagues.md#league-matches) in one body. */
export interface LeagueReportScoreRequest {
  league_id?: number;
  match_id: number;
  user_id?: number;
  matchType?: string;
  /** 1v1: the caller's score, the opponent's, and the opponent's id. */
  user_score?: number;
  opponent_score?: number;
  opponent_id?: number;
  /** Teams: Team A's and Team B's score and the rosters' ids (the server reads the rosters from the match). */
  team_1_score?: number;
  team_2_score?: number;
  teamA?: number[];
  teamB?: number[];
}

/** One side's report in a league dispute: who sent it and what it said, from the sender's side. */
export interface LeagueReportEntry {
  user_id: number;
  username: string;
  user_score: number;
  opponent_score: number;
  team_a_score: number;
  team_b_score: number;
}

/** GET /api/league-dispute-match-details/{id}?league_id=. */
export interface LeagueDisputeDetails extends DisputeDetails {
  league_id: number;
  teamA: MatchPlayer[];
  teamB: MatchPlayer[];
  reports: LeagueReportEntry[];
  final_scores: { team_a_score: number; team_b_score: number } | null;
}
export interface LeagueDisputeQuery {
  league_id?: string;
}

export interface ResolveLeagueDisputeRequest {
  match_id: number;
  league_id?: number;
  user_id?: number;
  user_score?: number;
  opponent_score?: number;
  team_a_score?: number;
  team_b_score?: number;
}

/** A row of GET /api/leagues/leaderboard/{id}. */
export interface LeagueLeaderboardEntry {
  /** Position in the full list (the page's search box does not renumber). */
  rank: number;
  user_id: number;
  username: string;
  profile_picture: string | null;
  profile_picture_version: number;
  /** The league rating as shown, 3 decimals ("4.193"); `rating` is the same text. */
  league_rating: string;
  rating: string;
  /** "W-L", or "W-L-D" once the player has a draw. */
  record: string;
  wins: number;
  losses: number;
  draws: number;
  games: number;
  provisional: boolean;
}
export interface LeagueLeaderboardResponse {
  players: LeagueLeaderboardEntry[];
}

/** One completed league match of the history (docs/leagues.md#league-history). */
export interface LeagueHistoryItem {
  match_id: number;
  status: 'completed';
  matchType: string;
  match_type: string;
  scoring_type: string;
  completed_at: string;
  date_time_local: string;
  /** 1v1: from Team A's player's side (user_score is Team A's); teams: Team A and Team B. */
  final_scores: { user_score?: number; opponent_score?: number; team_a_score?: number; team_b_score?: number };
  team_a_score: number;
  team_b_score: number;
  teamA: MatchPlayer[];
  team_a: MatchPlayer[];
  teamB: MatchPlayer[];
  team_b: MatchPlayer[];
  reports: LeagueReportEntry[];
  /** The winning side's usernames; empty for a draw. */
  winners_usernames: string[];
  /** The winners joined by ' and ', or 'Draw'. */
  winner: string;
  /** The viewer's result ('Win', 'Loss', 'Draw'), or null when the viewer did not play. */
  outcome: 'Win' | 'Loss' | 'Draw' | null;
  /** Added by an organiser after it was played. */
  backfilled: boolean;
  /** The viewer played in this back-filled match and may still contest it. */
  can_contest: boolean;
  contest_until: string | null;
}
export interface LeagueHistoryResponse {
  match_history: LeagueHistoryItem[];
}

/** POST /api/leagues/add-match-history. `finalScore`: keyed by the two usernames (1v1), or `teamA` and `teamB`. */
export interface AddMatchHistoryRequest {
  league_id: number;
  matchType: string;
  scoringType: string;
  participants: number[];
  finalScore: Record<string, number>;
  /** When it was played (ISO 8601); now when absent. */
  played_at?: string;
}
export interface AddMatchHistoryResponse {
  message: string;
  match_id: number;
}

export interface ContestLeagueMatchRequest {
  match_id: number;
  league_id?: number;
}
