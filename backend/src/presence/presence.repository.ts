import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { notBlockedSql } from '../blocks/blocks.repository';

/** The reads presence needs about blocks (it owns no table). */
@Injectable()
export class PresenceRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Everyone `userId` blocked or was blocked by: they never learn each other's presence. */
  async blockedEitherWay(userId: number, m: EntityManager = this.db.manager): Promise<number[]> {
    const rows: { id: number }[] = await m.query(`SELECT blocked_id AS id FROM blocks WHERE blocker_id = $1 UNION SELECT blocker_id FROM blocks WHERE blocked_id = $1`, [userId]);
    return rows.map((r) => r.id);
  }

  /** The live players among `ids` that `viewerId` may watch (no block either way). */
  async watchable(viewerId: number, ids: number[], m: EntityManager = this.db.manager): Promise<number[]> {
    if (!ids.length) return [];
    const rows: { id: number }[] = await m.query(
      `SELECT u.id FROM users u WHERE u.id = ANY($2::int[]) AND u.id <> $1 AND u.deleted_at IS NULL AND ${notBlockedSql('u.id', '$1')}`,
      [viewerId, ids],
    );
    return rows.map((r) => r.id);
  }
}
