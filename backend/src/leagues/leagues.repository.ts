import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { LeagueMemberDetail, LeaguePermissions, LeagueSettings, LeagueSummary } from '@gotnext/shared';
import { escapeLike } from '../blocks/blocks.repository';

/** A live (not archived) league as stored. */
export interface LeagueRow extends LeagueSettings {
  id: number;
  name: string;
  creator_id: number;
  image: string | null;
  image_version: number;
}

/** A member of a league (live accounts only), with their stored rights. */
export interface MemberRow extends LeagueMemberDetail, LeaguePermissions {
  joined_at: Date;
}

const LEAGUE_COLUMNS = 'id, name, creator_id, is_private, allow_member_matches, verified_players_only, allow_members_invite, image, image_version';
const MEMBER_COLUMNS = 'u.id AS user_id, u.username, u.profile_picture, u.profile_picture_version, m.joined_at, m.can_edit_settings, m.can_create_match_history, m.allow_invites';
/** The live members of league `l`. */
const MEMBER_COUNT = `(SELECT count(*)::int FROM league_members mc JOIN users mu ON mu.id = mc.user_id AND mu.deleted_at IS NULL WHERE mc.league_id = l.id)`;
const SUMMARY_COLUMNS = `l.id AS league_id, l.name, l.image AS league_image, l.image_version AS league_image_version, l.is_private, l.creator_id, ${MEMBER_COUNT} AS member_count`;

/**
 * Every statement on `leagues` and `league_members` (docs/leagues.md). Archived leagues are never
 * found; members whose account is deleted are never listed nor counted.
 */
@Injectable()
export class LeaguesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Inserts a live league with its creator as administrator and first member; null when a live league has the name already. */
  async insert(name: string, creatorId: number, isPrivate: boolean, m: EntityManager): Promise<number | null> {
    const rows: { id: number }[] = await m.query(
      `INSERT INTO leagues (name, creator_id, is_private) VALUES ($1, $2, $3) ON CONFLICT (lower(name)) WHERE archived_at IS NULL DO NOTHING RETURNING id`,
      [name, creatorId, isPrivate],
    );
    if (!rows.length) return null;
    await this.addMember(rows[0].id, creatorId, m);
    return rows[0].id;
  }

  async find(id: number, m: EntityManager = this.db.manager): Promise<LeagueRow | null> {
    const rows: LeagueRow[] = await m.query(`SELECT ${LEAGUE_COLUMNS} FROM leagues WHERE id = $1 AND archived_at IS NULL`, [id]);
    return rows[0] ?? null;
  }

  /**
   * The league row, locked for the rest of the transaction: every change to a league's members,
   * rights or settings takes it first (FOR UPDATE), so they apply one after another; reads that
   * must see a settled league take it FOR SHARE.
   */
  async lock(id: number, mode: 'update' | 'share', m: EntityManager): Promise<LeagueRow | null> {
    const rows: LeagueRow[] = await m.query(`SELECT ${LEAGUE_COLUMNS} FROM leagues WHERE id = $1 AND archived_at IS NULL FOR ${mode === 'update' ? 'UPDATE' : 'SHARE'}`, [id]);
    return rows[0] ?? null;
  }

  /** The live members, the administrator first, then by how long they have been members. */
  members(leagueId: number, m: EntityManager = this.db.manager): Promise<MemberRow[]> {
    return m.query(
      `SELECT ${MEMBER_COLUMNS}
         FROM league_members m JOIN leagues l ON l.id = m.league_id JOIN users u ON u.id = m.user_id
        WHERE m.league_id = $1 AND u.deleted_at IS NULL
        ORDER BY (u.id = l.creator_id) DESC, m.joined_at, u.id`,
      [leagueId],
    );
  }

  /** A live player's membership, or null. With `lock`, the row is held (FOR SHARE) so the membership cannot end under the caller. */
  async membership(leagueId: number, userId: number, m: EntityManager = this.db.manager, lock = false): Promise<MemberRow | null> {
    const rows: MemberRow[] = await m.query(
      `SELECT ${MEMBER_COLUMNS} FROM league_members m JOIN users u ON u.id = m.user_id
        WHERE m.league_id = $1 AND m.user_id = $2 AND u.deleted_at IS NULL ${lock ? 'FOR SHARE OF m' : ''}`,
      [leagueId, userId],
    );
    return rows[0] ?? null;
  }

  /** Whether a live player is a member of a live league (the `league:{id}` room check). */
  async isMember(leagueId: number, userId: number, m: EntityManager = this.db.manager): Promise<boolean> {
    const rows = await m.query(
      `SELECT 1 FROM league_members m JOIN leagues l ON l.id = m.league_id AND l.archived_at IS NULL JOIN users u ON u.id = m.user_id AND u.deleted_at IS NULL
        WHERE m.league_id = $1 AND m.user_id = $2`,
      [leagueId, userId],
    );
    return rows.length > 0;
  }

  async addMember(leagueId: number, userId: number, m: EntityManager): Promise<void> {
    await m.query(`INSERT INTO league_members (league_id, user_id) VALUES ($1, $2)`, [leagueId, userId]);
  }

  /** False when the player was not a member. */
  async removeMember(leagueId: number, userId: number, m: EntityManager): Promise<boolean> {
    const [, affected] = await m.query(`DELETE FROM league_members WHERE league_id = $1 AND user_id = $2`, [leagueId, userId]);
    return affected > 0;
  }

  /** The live member who has been in the league longest (ties by the lower id), or null when none is left. */
  async longestStanding(leagueId: number, m: EntityManager): Promise<number | null> {
    const rows: { user_id: number }[] = await m.query(
      `SELECT m.user_id FROM league_members m JOIN users u ON u.id = m.user_id AND u.deleted_at IS NULL
        WHERE m.league_id = $1 ORDER BY m.joined_at, m.user_id LIMIT 1`,
      [leagueId],
    );
    return rows[0]?.user_id ?? null;
  }

  async setAdministrator(leagueId: number, userId: number, m: EntityManager): Promise<void> {
    await m.query(`UPDATE leagues SET creator_id = $2 WHERE id = $1`, [leagueId, userId]);
  }

  /** Kept with its chat and history, never deleted; its name is free again. */
  async archive(leagueId: number, m: EntityManager): Promise<void> {
    await m.query(`UPDATE leagues SET archived_at = now() WHERE id = $1`, [leagueId]);
  }

  async updateSettings(leagueId: number, s: LeagueSettings, m: EntityManager): Promise<void> {
    await m.query(`UPDATE leagues SET is_private = $2, allow_member_matches = $3, verified_players_only = $4, allow_members_invite = $5 WHERE id = $1`, [
      leagueId,
      s.is_private,
      s.allow_member_matches,
      s.verified_players_only,
      s.allow_members_invite,
    ]);
  }

  /** Points the league at its (re-)stored image; the version busts caches. */
  async setImage(leagueId: number, path: string, m: EntityManager): Promise<void> {
    await m.query(`UPDATE leagues SET image = $2, image_version = image_version + 1 WHERE id = $1`, [leagueId, path]);
  }

  async setPermissions(leagueId: number, userId: number, p: LeaguePermissions, m: EntityManager): Promise<void> {
    await m.query(`UPDATE league_members SET can_edit_settings = $3, can_create_match_history = $4, allow_invites = $5 WHERE league_id = $1 AND user_id = $2`, [
      leagueId,
      userId,
      p.can_edit_settings,
      p.can_create_match_history,
      p.allow_invites,
    ]);
  }

  /** The live leagues a player belongs to (a deleted account's, to take them out). */
  async leagueIdsOf(userId: number, m: EntityManager = this.db.manager): Promise<number[]> {
    const rows: { league_id: number }[] = await m.query(
      `SELECT m.league_id FROM league_members m JOIN leagues l ON l.id = m.league_id AND l.archived_at IS NULL WHERE m.user_id = $1 ORDER BY m.league_id`,
      [userId],
    );
    return rows.map((r) => r.league_id);
  }

  /**
   * Live leagues whose name contains `q` (lower case; empty: all), names starting with it first,
   * then the biggest. Private leagues only for their members.
   */
  search(q: string, limit: number, viewerId: number | null, m: EntityManager = this.db.manager): Promise<LeagueSummary[]> {
    return m.query(
      `SELECT * FROM (
         SELECT ${SUMMARY_COLUMNS}, EXISTS (SELECT 1 FROM league_members v WHERE v.league_id = l.id AND v.user_id = $3) AS is_member
           FROM leagues l
          WHERE l.archived_at IS NULL AND lower(l.name) LIKE $1) s
        WHERE NOT s.is_private OR s.is_member
        ORDER BY (lower(s.name) LIKE $2) DESC, s.member_count DESC, lower(s.name), s.league_id
        LIMIT $4`,
      [`%${escapeLike(q)}%`, `${escapeLike(q)}%`, viewerId, limit],
    );
  }

  /** The live leagues `userId` is a member of, by name. */
  leaguesOf(userId: number, m: EntityManager = this.db.manager): Promise<LeagueSummary[]> {
    return m.query(
      `SELECT ${SUMMARY_COLUMNS}, true AS is_member
         FROM league_members v JOIN leagues l ON l.id = v.league_id
        WHERE v.user_id = $1 AND l.archived_at IS NULL
        ORDER BY lower(l.name), l.id`,
      [userId],
    );
  }
}
