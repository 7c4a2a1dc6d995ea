import type { CourtAdminAction } from './constants';

/** Wire types of the court calls (docs/courts.md). */

export interface CourtPlayer {
  user_id: number;
  username: string;
}

export interface CourtSummary {
  court_id: number;
  name: string;
  address: string;
  lat: number;
  lng: number;
  indoor: boolean;
  hoops: number;
  /** Players per team in the usual game (1..5). */
  game_size: number;
  /** 'pending': not reviewed yet (only its creator sees it). */
  status: 'pending' | 'approved';
  /** From the caller's position, when they sent one. */
  distance_m: number | null;
  /** Players checked in now. */
  headcount: number;
  /** Players waiting in the queue. */
  queue_length: number;
  /** Enough players are checked in for a full game. */
  run_forming: boolean;
  favourite: boolean;
}

export interface Court extends CourtSummary {
  notes: string;
  /** Winner stays on for up to this many games; 0: off. */
  winner_stays: number;
  creator_id: number;
}

export interface CourtsQuery {
  /** With lng: courts near this point, nearest first. */
  lat?: string;
  lng?: string;
  /** A name to search for. */
  query?: string;
  /** Without a position or name: courts of this state/region (default: the caller's). */
  region?: string;
}

export interface CourtsResponse {
  /** Favourites first, then by distance (or name). */
  courts: CourtSummary[];
}

export interface AddCourtRequest {
  name: string;
  address?: string;
  lat: number;
  lng: number;
  indoor: boolean;
  hoops: number;
  game_size: number;
  notes?: string;
}

/** A duplicate refused with 409 names the court already there (`existing`). */
export interface CourtResponse {
  message: string;
  court: Court;
}

export interface FlagCourtRequest {
  reason?: string;
}

export interface FavouriteCourtRequest {
  favourite: boolean;
}

export interface CourtSettingsRequest {
  winner_stays: number;
}

export interface CheckInRequest {
  /** The host's current code; not needed by the first player, who opens the run. */
  code?: string;
  lat?: number;
  lng?: number;
}

export interface PassHostRequest {
  user_id: number;
}

export interface GroupInviteRequest {
  user_id: number;
}

export interface GroupAnswerRequest {
  group_id: number;
  accept: boolean;
}

export interface CourtCodeResponse {
  code: string;
  /** Seconds until it changes. */
  expires_in: number;
}

export interface CourtQueueUnit {
  /** Null: a player alone. */
  group_id: number | null;
  players: CourtPlayer[];
  /** 'called': taken for the game being called. */
  status: 'waiting' | 'called';
}

export interface CourtCall {
  call_id: number;
  hold_expires_at: string;
  players: (CourtPlayer & { confirmed: boolean })[];
}

export interface CourtGame {
  match_id: number;
  match_type: string;
  status: string;
  created_at: string;
  ranked: boolean;
  team_a: CourtPlayer[];
  team_b: CourtPlayer[];
  team_a_score: number | null;
  team_b_score: number | null;
  /** Team A's predicted win probability when the teams were made. */
  win_probability: number;
  /** The court still waits for it: not finished, and its host has not ended it (docs/courts.md#ending-a-game). */
  on_court: boolean;
}

export interface CourtGroupView {
  group_id: number;
  leader_id: number;
  members: (CourtPlayer & { accepted: boolean })[];
}

/** Where the caller stands at this court. */
export interface CourtMe {
  checked_in: boolean;
  is_host: boolean;
  queued: boolean;
  /** Set while the caller is called and has not confirmed. */
  hold_expires_at: string | null;
  confirmed: boolean;
  group: CourtGroupView | null;
  /** Group invites waiting for the caller's answer. */
  invites: { group_id: number; leader: CourtPlayer }[];
  /** The match the caller's last call made, while it is open. */
  lobby_match_id: number | null;
}

export interface CourtPageResponse {
  court: Court;
  session: { host: CourtPlayer; players: CourtPlayer[]; started_at: string } | null;
  queue: CourtQueueUnit[];
  call: CourtCall | null;
  games_today: CourtGame[];
  me: CourtMe;
  server_time: string;
}

/** The host ends a game on court without a report. */
export interface CourtEndGameRequest {
  match_id: number;
}

export interface CourtConfirmResponse {
  message: string;
  /** Set once every called player has confirmed: the lobby to go to. */
  match_id: number | null;
}

export interface AdminCourt {
  court_id: number;
  name: string;
  address: string;
  lat: number;
  lng: number;
  status: 'pending' | 'approved';
  creator: CourtPlayer;
  created_at: string;
  flags: { reason: string; by: string; at: string }[];
}

export interface AdminCourtsResponse {
  /** Pending courts and flagged ones, oldest first. */
  courts: AdminCourt[];
}

export interface AdminCourtDecisionRequest {
  action: CourtAdminAction;
  /** For rename. */
  name?: string;
  /** For merge: the court this one becomes. */
  into_court_id?: number;
}
