import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { notBlockedSql } from '../blocks/blocks.repository';
import { shownUsernameSql } from '../users/shown-player-sql';

/** Who an invite would go to, as the inviter sees them. */
export interface InviteeRow {
  username: string;
  /** A block stands between inviter and invitee, either way. */
  blocked: boolean;
}

/**
 * Every statement on `league_invites` (docs/leagues.md#invites): one pending invite per league and
 * player (a unique key), deleted once accepted or declined, or when the league is archived.
 */
@Injectable()
export class LeagueInvitesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The live player `inviteeId` as `inviterId` would invite them, or null when there is none. */
  async invitee(inviterId: number, inviteeId: number, m: EntityManager = this.db.manager): Promise<InviteeRow | null> {
    const rows: InviteeRow[] = await m.query(`SELECT u.username, NOT ${notBlockedSql('u.id', '$1')} AS blocked FROM users u WHERE u.id = $2 AND u.deleted_at IS NULL`, [
      inviterId,
      inviteeId,
    ]);
    return rows[0] ?? null;
  }

  /** Stores the invite; false when this player already has one pending for this league. */
  async insert(leagueId: number, inviterId: number, inviteeId: number, m: EntityManager): Promise<number | null> {
    const rows: { id: number }[] = await m.query(
      `INSERT INTO league_invites (league_id, inviter_id, invitee_id) VALUES ($1, $2, $3) ON CONFLICT (league_id, invitee_id) DO NOTHING RETURNING id`,
      [leagueId, inviterId, inviteeId],
    );
    return rows[0]?.id ?? null;
  }

  /** A player's pending invite to a league, with who sent it (a deleted inviter reads 'Deleted player'). */
  async pendingFor(leagueId: number, inviteeId: number, m: EntityManager = this.db.manager): Promise<{ inviter_username: string } | null> {
    const rows: { inviter_username: string }[] = await m.query(
      `SELECT ${shownUsernameSql('u')} AS inviter_username
         FROM league_invites i JOIN users u ON u.id = i.inviter_id WHERE i.league_id = $1 AND i.invitee_id = $2`,
      [leagueId, inviteeId],
    );
    return rows[0] ?? null;
  }

  /** The live players with a pending invite to a league. */
  async invitees(leagueId: number, m: EntityManager = this.db.manager): Promise<number[]> {
    const rows: { invitee_id: number }[] = await m.query(
      `SELECT i.invitee_id FROM league_invites i JOIN users u ON u.id = i.invitee_id AND u.deleted_at IS NULL WHERE i.league_id = $1 ORDER BY i.invitee_id`,
      [leagueId],
    );
    return rows.map((r) => r.invitee_id);
  }

  /** Answers whether there was one. */
  async remove(leagueId: number, inviteeId: number, m: EntityManager): Promise<boolean> {
    const [, affected] = await m.query(`DELETE FROM league_invites WHERE league_id = $1 AND invitee_id = $2`, [leagueId, inviteeId]);
    return affected > 0;
  }

  /** An archived league invites nobody any more. */
  async removeAllOf(leagueId: number, m: EntityManager): Promise<void> {
    await m.query(`DELETE FROM league_invites WHERE league_id = $1`, [leagueId]);
  }

  /** A deleted account's pending invites go with it. */
  async removeAllTo(inviteeId: number, m: EntityManager): Promise<void> {
    await m.query(`DELETE FROM league_invites WHERE invitee_id = $1`, [inviteeId]);
  }
}
