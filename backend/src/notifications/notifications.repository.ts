import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { pgArray } from '../database/pg-array';
import { NotificationEntity } from './entities/notification.entity';

export interface NewNotification {
  userId: number;
  type: string;
  message: string;
  matchId?: number | null;
  matchType?: string | null;
  leagueId?: number | null;
  relatedId?: number | null;
  /** Born about a finished match (a result summary): its actions are closed from the start. */
  matchCompleted?: boolean;
  /** Born about a match whose dispute was settled with a score (docs/matches.md#settlement). */
  disputeResolved?: boolean;
}

/** What `insertMany` reads back of a stored row: the rest is what it wrote (`read` starts false). */
interface InsertedRow {
  id: number;
  user_id: number;
  created_at: Date;
}

/** Every statement on `notifications`; other features call it (e.g. closeForMatch when a match ends). */
@Injectable()
export class NotificationsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * One statement for any number of rows, the columns as arrays (a rating batch stores one summary
   * per seat, thousands): TypeORM's save() built and tracked an entity per row, ~0.2 ms of CPU each
   * in the worker, and needed chunks to stay under a statement's 65,535 parameters. It reads back
   * only what the database chose (id, time): rows come back in the order of the arrays, as
   * PostgreSQL returns an INSERT … SELECT's rows in the order it inserts them; the user id read
   * back checks that, so a row can never be paired with another player's text.
   */
  async insertMany(items: NewNotification[], m: EntityManager = this.db.manager): Promise<NotificationEntity[]> {
    if (!items.length) return [];
    const rows: InsertedRow[] = await m.query(
      `INSERT INTO notifications (user_id, type, message, match_id, match_type, league_id, related_id, match_completed, dispute_resolved)
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::text[], $6::int[], $7::int[], $8::bool[], $9::bool[])
       RETURNING id, user_id, created_at`,
      [
        pgArray(items.map((i) => i.userId)),
        pgArray(items.map((i) => i.type)),
        pgArray(items.map((i) => i.message)),
        pgArray(items.map((i) => i.matchId ?? null)),
        pgArray(items.map((i) => i.matchType ?? null)),
        pgArray(items.map((i) => i.leagueId ?? null)),
        pgArray(items.map((i) => i.relatedId ?? null)),
        pgArray(items.map((i) => i.matchCompleted ?? false)),
        pgArray(items.map((i) => i.disputeResolved ?? false)),
      ],
    );
    return rows.map((r, i) => {
      const item = items[i]!;
      if (r.user_id !== item.userId) throw new Error('notifications came back in another order than inserted');
      return Object.assign(new NotificationEntity(), {
        id: r.id,
        userId: item.userId,
        type: item.type,
        message: item.message,
        read: false,
        matchId: item.matchId ?? null,
        matchType: item.matchType ?? null,
        leagueId: item.leagueId ?? null,
        relatedId: item.relatedId ?? null,
        disputeResolved: item.disputeResolved ?? false,
        matchCompleted: item.matchCompleted ?? false,
        createdAt: r.created_at,
      });
    });
  }

  /** Newest first, at most `limit`. */
  listOf(userId: number, limit: number, m: EntityManager = this.db.manager): Promise<NotificationEntity[]> {
    return m.find(NotificationEntity, { where: { userId }, order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
  }

  async markAllRead(userId: number, m: EntityManager = this.db.manager): Promise<void> {
    await m.update(NotificationEntity, { userId, read: false }, { read: true });
  }

  /** Deletes one of the user's own notifications; false when there is none with this id. */
  async deleteOwn(userId: number, id: number, m: EntityManager = this.db.manager): Promise<boolean> {
    const result = await m.delete(NotificationEntity, { id, userId });
    return !!result.affected;
  }

  /**
   * A match ended: its notifications say so (and that its dispute was resolved, when it was),
   * so the bell hides actions that are finished; a league match's notices too (they carry its league).
   */
  /** Who holds notifications of a match (they are told when its actions close). */
  async holdersOf(matchId: number, m: EntityManager = this.db.manager): Promise<number[]> {
    const rows: { user_id: number }[] = await m.query(`SELECT DISTINCT user_id FROM notifications WHERE match_id = $1 AND league_id IS NULL`, [matchId]);
    return rows.map((r) => r.user_id);
  }

  async closeForMatch(matchId: number, opts: { disputeResolved: boolean }, m: EntityManager = this.db.manager): Promise<void> {
    await m.query(`UPDATE notifications SET match_completed = true, dispute_resolved = dispute_resolved OR $2 WHERE match_id = $1`, [matchId, opts.disputeResolved]);
  }
}
