/** Player reports (docs/social.md#reports). */

/** The reasons a player can pick, in the order the form lists them. */
export const REPORT_REASONS = ['Win Boosting', 'Abusing Match Disputes', 'Inappropriate Content', 'Acting Against T.O.S.', 'Other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** The one reason whose form shows the details box. */
export const REPORT_REASON_WITH_DETAILS: ReportReason = 'Other';
export const REPORT_DETAILS_MAX_LENGTH = 1000;

/** POST /api/report. `submitted_by` is accepted for wire compatibility; it must be the caller. */
export interface ReportPlayerRequest {
  reported_user_id: number;
  reason: string;
  details?: string | null;
  submitted_by?: number;
}

/** One stored report as the ops page lists it. */
export interface PlayerReport {
  id: number;
  reported_user_id: number;
  reported_username: string;
  reporter_id: number;
  reporter_username: string;
  reason: string;
  details: string | null;
  /** When it was submitted (ISO 8601). */
  timestamp: string;
  /** How many different players have reported this player, ever. */
  distinct_reporters: number;
}

/** A reported player, for the ops page's "most reported" list. */
export interface ReportedPlayer {
  user_id: number;
  username: string;
  distinct_reporters: number;
  reports: number;
  last_reported: string;
}

/** GET /api/admin/reports: the newest reports first, and the players with the most distinct reporters. */
export interface AdminReportsResponse {
  reports: PlayerReport[];
  players: ReportedPlayer[];
}
