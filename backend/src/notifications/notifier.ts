import { Injectable } from '@nestjs/common';
import type { Tx } from '../database/unit-of-work';
import { NotificationsRepository, type NewNotification } from './notifications.repository';
import { toNotificationView } from './notification.view';

/**
 * Creates notifications: stores them inside the caller's unit of work and records a
 * `notification.created` event for each, which realtime pushes once the transaction commits, so a
 * player is never told about something that was rolled back. The same in the API and the worker.
 */
@Injectable()
export class Notifier {
  constructor(private readonly notifications: NotificationsRepository) {}

  async notify(tx: Tx, items: NewNotification[]): Promise<void> {
    if (!items.length) return;
    const rows = await this.notifications.insertMany(items, tx.manager);
    for (const row of rows) tx.emit('notification.created', { userId: row.userId, notification: toNotificationView(row) });
  }
}
