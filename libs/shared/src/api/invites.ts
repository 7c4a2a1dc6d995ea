/** Wire types of the invite preview (docs/matches.md#invite-preview). */
import type { MatchType, ScoringType } from '../constants/matches';

/**
 * GET /api/invite-preview?match_code=: what the invite link itself shows anyone holding the code,
 * logged in or not. Only what the invite says: no roster, no rating, no match id.
 */
export interface InvitePreviewResponse {
  /** The creator's username (their public name). */
  creator: string;
  match_type: MatchType;
  ranked: boolean;
  scoring_type: ScoringType;
  /** The score the game is played to (5, 11 or 21). */
  target_score: number;
  /** Whether it still takes players (waiting); a full, started or finished match is not. */
  open: boolean;
  /** A league match's invite: joined from the league's page. */
  league: boolean;
}
