import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { MatchStatus, MatchType, ScoringType } from '@gotnext/shared';
import { shownUsernameSql } from '../users/shown-player-sql';

/** An open match as its invite link shows it (docs/matches.md#invite-preview). */
export interface InviteRow {
  id: number;
  match_type: MatchType;
  scoring_type: ScoringType;
  ranked: boolean;
  status: MatchStatus;
  league_id: number | null;
  creator: string;
}

/** Statuses in which a code still names its match (as MatchesRepository.findByCode reads them). */
const OPEN_STATUSES_SQL = `('waiting', 'ready', 'in-progress', 'disputed')`;

/** The reads behind an invite link: what its code names, and who may say they are verifying for it. */
@Injectable()
export class MatchInvitesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The open match (overall or league) this code names, newest first; null when none. */
  async byCode(code: string): Promise<InviteRow | null> {
    const rows: InviteRow[] = await this.db.query(
      `SELECT m.id, m.match_type, m.scoring_type, m.ranked, m.status, m.league_id, ${shownUsernameSql('u')} AS creator
         FROM matches m JOIN users u ON u.id = m.creator_id
        WHERE upper(m.code) = $1 AND m.status IN ${OPEN_STATUSES_SQL}
        ORDER BY m.id DESC LIMIT 1`,
      [code],
    );
    return rows[0] ?? null;
  }

  /**
   * The player as the lobby would name them, and whether they already hold a slot in the match
   * and are verified; null for a deleted or unknown account.
   */
  async invitee(matchId: number, userId: number): Promise<{ username: string; in_match: boolean; verified: boolean } | null> {
    const rows: { username: string; in_match: boolean; verified: boolean }[] = await this.db.query(
      `SELECT u.username, EXISTS (SELECT 1 FROM match_players p WHERE p.match_id = $1 AND p.user_id = u.id) AS in_match,
              (u.email_verified AND u.id_verified) AS verified
         FROM users u WHERE u.id = $2 AND u.deleted_at IS NULL`,
      [matchId, userId],
    );
    return rows[0] ?? null;
  }
}
