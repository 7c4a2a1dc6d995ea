import { EntityManager } from 'typeorm';
import type { NotificationEvent } from '@gotnext/shared';
import { NotificationEntity } from './entities/notification.entity';
import { toNotificationView } from './notification.view';

export interface NewNotification {
  userId: number;
  type: string;
  message: string;
  matchId?: number | null;
  matchType?: string | null;
  leagueId?: number | null;
  relatedId?: number | null;
}

/** Where live pushes go: the API's RealtimePublisher or the worker's redis-emitter. */
export interface NotificationSink {
  toUser(userId: number, event: 'notification:new', payload: NotificationEvent): void;
}

/**
 * Stores notifications inside the caller's transaction and pushes them only after it commits,
 * so a player is never told about something that was rolled back. Usable from the API and the
 * worker alike.
 */
export class Notifier {
  constructor(private readonly sink: NotificationSink) {}

  /** Inserts with `m` (the caller's transaction); returns a function that pushes once committed. */
  async store(m: EntityManager, items: NewNotification[]): Promise<() => void> {
    if (!items.length) return () => undefined;
    const rows = await m.save(
      NotificationEntity,
      items.map((i) => m.create(NotificationEntity, {
        userId: i.userId, type: i.type, message: i.message, matchId: i.matchId ?? null, matchType: i.matchType ?? null,
        leagueId: i.leagueId ?? null, relatedId: i.relatedId ?? null,
      })),
    );
    return () => rows.forEach((row) => this.sink.toUser(row.userId, 'notification:new', toNotificationView(row)));
  }

  /** Stores and pushes in one step, for callers outside a transaction. */
  async send(m: EntityManager, items: NewNotification[]): Promise<void> {
    (await this.store(m, items))();
  }
}
