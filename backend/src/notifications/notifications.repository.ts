import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
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
}

/** Every statement on `notifications`; other features call it (e.g. closeForMatch when a match ends). */
@Injectable()
export class NotificationsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  insertMany(items: NewNotification[], m: EntityManager = this.db.manager): Promise<NotificationEntity[]> {
    return m.save(
      NotificationEntity,
      items.map((i) => m.create(NotificationEntity, {
        userId: i.userId, type: i.type, message: i.message, matchId: i.matchId ?? null, matchType: i.matchType ?? null,
        leagueId: i.leagueId ?? null, relatedId: i.relatedId ?? null, ...(i.matchCompleted ? { matchCompleted: true } : {}),
      })),
      // A statement holds at most 65,535 parameters: a rating batch's summaries (one per seat, thousands) go in chunks.
      { chunk: 1000 },
    );
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
    await m.query(
      `UPDATE notifications SET match_completed = true, dispute_resolved = dispute_resolved OR $2 WHERE match_id = $1`,
      [matchId, opts.disputeResolved],
    );
  }
}
