import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MSG, type BlockedUser } from '@gotnext/shared';

interface Target {
  userId?: number;
  username?: string;
}

/** Blocking (RULES.md Social). Blocks are stored one way and read both ways. */
@Injectable()
export class BlocksService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The live player a username or id names, or 404. */
  private async find(target: Target): Promise<number> {
    const username = target.username?.trim();
    const rows: { id: number }[] = username
      ? await this.db.query(`SELECT id FROM users WHERE lower(username) = lower($1) AND deleted_at IS NULL`, [username])
      : await this.db.query(`SELECT id FROM users WHERE id = $1 AND deleted_at IS NULL`, [target.userId]);
    if (!rows.length) throw new NotFoundException({ message: MSG.playerNotFound });
    return rows[0].id;
  }

  /** Blocking twice is harmless (the pair is the primary key). */
  async block(actorId: number, username: string): Promise<void> {
    if (!username.trim()) throw new BadRequestException({ message: MSG.blockUsernameRequired });
    const targetId = await this.find({ username });
    if (targetId === actorId) throw new BadRequestException({ message: MSG.cannotBlockSelf });
    await this.db.query(`INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [actorId, targetId]);
  }

  /** Removes the actor's own block only: a block the other player placed stays theirs. */
  async unblock(actorId: number, target: Target): Promise<void> {
    if (target.userId === undefined && !target.username?.trim()) throw new BadRequestException({ message: MSG.blockUsernameRequired });
    const targetId = await this.find(target);
    await this.db.query(`DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2`, [actorId, targetId]);
  }

  /** The players the actor blocked (deleted accounts left out), by name. */
  list(actorId: number): Promise<BlockedUser[]> {
    return this.db.query(
      `SELECT u.id AS user_id, u.username FROM blocks b JOIN users u ON u.id = b.blocked_id
        WHERE b.blocker_id = $1 AND u.deleted_at IS NULL ORDER BY lower(u.username)`,
      [actorId],
    );
  }
}
