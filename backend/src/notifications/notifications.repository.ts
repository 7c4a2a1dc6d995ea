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
  /** Born about a match whose dispute was settled with a score (docs/matches.md#settlement). */
  disputeResolved?: boolean;
}

/** A stored row as `insertMany` reads it back. */
interface NotificationRow {
  id: number;
  user_id: number;
  type: string;
  message: string;
  read: boolean;
  match_id: number | null;
  match_type: string | null;
  league_id: number | null;
  related_id: number | null;
  dispute_resolved: boolean;
  match_completed: boolean;
  created_at: Date;
}

/** Every statement on `notifications`; other features call it (e.g. closeForMatch when a match ends). */
@Injectable()
export class NotificationsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * One statement for any number of rows, the columns as arrays (a rating batch stores one summary
   * per seat, thousands): TypeORM's save() built and tracked an entity per row, ~0.2 ms of CPU each
   * in the worker, and needed chunks to stay under a statement's 65,535 parameters.
   */
  async insertMany(items: NewNotification[], m: EntityManager = this.db.manager): Promise<NotificationEntity[]> {
    if (!items.length) return [];
    const rows: NotificationRow[] = await m.query(
      `INSERT INTO notifications (user_id, type, message, match_id, match_type, league_id, related_id, match_completed, dispute_resolved)
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::text[], $6::int[], $7::int[], $8::bool[], $9::bool[])
       RETURNING id, user_id, type, message, read, match_id, match_type, league_id, related_id, dispute_resolved, match_completed, created_at`,
      [
        items.map((i) => i.userId),
        items.map((i) => i.type),
        items.map((i) => i.message),
        items.map((i) => i.matchId ?? null),
        items.map((i) => i.matchType ?? null),
        items.map((i) => i.leagueId ?? null),
        items.map((i) => i.relatedId ?? null),
        items.map((i) => i.matchCompleted ?? false),
        items.map((i) => i.disputeResolved ?? false),
      ],
    );
    return rows.map((r) => Object.assign(new NotificationEntity(), {
      id: r.id, userId: r.user_id, type: r.type, message: r.message, read: r.read, matchId: r.match_id, matchType: r.match_type,
      leagueId: r.league_id, relatedId: r.related_id, disputeResolved: r.dispute_resolved, matchCompleted: r.match_completed, createdAt: r.created_at,
    }));
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
