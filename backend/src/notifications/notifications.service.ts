import { Injectable, NotFoundException } from '@nestjs/common';
import { MSG, NOTIFICATION_TYPES, NOTIFICATIONS_LIST_LIMIT, UNREAD_MESSAGES_ID, unreadMessagesText, type NotificationItem, type NotificationsResponse } from '@gotnext/shared';
import { NotificationsRepository } from './notifications.repository';
import { toNotificationView } from './notification.view';
import { UnreadMessagesSource } from './unread-messages';

/** The notification center of one player: list, mark read, delete. Creation goes through Notifier. */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly unreadMessages: UnreadMessagesSource,
  ) {}

  /** Newest first; with unread messages, the synthetic 'You have N unread message(s).' item leads (docs/notifications.md). */
  async list(userId: number): Promise<NotificationsResponse> {
    const [rows, unread] = await Promise.all([this.notifications.listOf(userId, NOTIFICATIONS_LIST_LIMIT), this.unreadMessages.unreadOf(userId)]);
    const items: NotificationItem[] = rows.map(toNotificationView);
    const timestamp = unread.latest ? unread.latest.toISOString() : null;
    if (unread.count > 0) {
      items.unshift({
        id: UNREAD_MESSAGES_ID,
        type: NOTIFICATION_TYPES.unreadMessages,
        message: unreadMessagesText(unread.count),
        read: false,
        timestamp: timestamp ?? new Date().toISOString(),
      });
    }
    return { notifications: items, unreadMessagesCount: unread.count, unreadMessagesTimestamp: timestamp };
  }

  async markAllRead(userId: number): Promise<void> {
    await this.notifications.markAllRead(userId);
  }

  markMessagesRead(userId: number): Promise<void> {
    return this.unreadMessages.markAllRead(userId);
  }

  /** Only the owner can delete; someone else's id answers 404 like a missing one, so ids reveal nothing. */
  async remove(userId: number, id: number): Promise<void> {
    if (!(await this.notifications.deleteOwn(userId, id))) throw new NotFoundException({ message: MSG.notificationNotFound });
  }
}
