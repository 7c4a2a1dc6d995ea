import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { BlockedUser, PlayerSearchResult } from '@gotnext/shared';

/** `%`, `_` and `\` typed by a player are letters, not wildcards. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * SQL condition "no block between the viewer and the user in `userColumn`, either way" (blocking
 * works both ways, docs/identity-rules.md). For search, leaderboards, friends and messages queries.
 */
export function notBlockedSql(userColumn: string, viewerParam: string): string {
  return `NOT EXISTS (SELECT 1 FROM blocks nb WHERE (nb.blocker_id = ${viewerParam} AND nb.blocked_id = ${userColumn}) OR (nb.blocker_id = ${userColumn} AND nb.blocked_id = ${viewerParam}))`;
}

/** Every statement on `blocks`, and the player search that filters by it. Blocks are stored one way and read both ways. */
@Injectable()
export class BlocksRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Blocking twice is harmless (the pair is the primary key). */
  async insert(blockerId: number, blockedId: number, m: EntityManager = this.db.manager): Promise<void> {
    await m.query(`INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [blockerId, blockedId]);
  }

  async remove(blockerId: number, blockedId: number, m: EntityManager = this.db.manager): Promise<void> {
    await m.query(`DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2`, [blockerId, blockedId]);
  }

  /** The players `blockerId` blocked (deleted accounts left out), by name. */
  blockedBy(blockerId: number, m: EntityManager = this.db.manager): Promise<BlockedUser[]> {
    return m.query(
      `SELECT u.id AS user_id, u.username FROM blocks b JOIN users u ON u.id = b.blocked_id
        WHERE b.blocker_id = $1 AND u.deleted_at IS NULL ORDER BY lower(u.username)`,
      [blockerId],
    );
  }

  /**
   * Live players whose username contains `q` (lower case), names starting with it first. With a
   * viewer, the viewer and anyone blocked either way are left out.
   */
  searchPlayers(q: string, limit: number, viewerId?: number, m: EntityManager = this.db.manager): Promise<PlayerSearchResult[]> {
    const viewerFilter = viewerId ? `AND u.id <> $4 AND ${notBlockedSql('u.id', '$4')}` : '';
    const params: unknown[] = [`%${escapeLike(q)}%`, `${escapeLike(q)}%`, limit];
    if (viewerId) params.push(viewerId);
    return m.query(
      `SELECT u.id AS user_id, u.username, u.profile_picture, u.profile_picture_version
         FROM users u
        WHERE u.deleted_at IS NULL AND lower(u.username) LIKE $1 ${viewerFilter}
        ORDER BY (lower(u.username) LIKE $2) DESC, lower(u.username)
        LIMIT $3`,
      params,
    );
  }
}
