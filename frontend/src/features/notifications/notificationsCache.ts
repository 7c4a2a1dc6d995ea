import { UNREAD_MESSAGES_ID, type NotificationEvent, type NotificationItem, type NotificationsResponse } from '@gotnext/shared';

/**
 * The notification list as cached (GET /api/notifications), and the changes pushes and the
 * player's own actions make to it before the server confirms them (docs/notifications.md).
 */
const isSynthetic = (n: NotificationItem) => n.id === UNREAD_MESSAGES_ID;

/** A `notification:new` push: shown at once, after the unread-messages item, ahead of the stored ones. */
export function withNotification(list: NotificationsResponse, n: NotificationEvent): NotificationsResponse {
  // A push and a poll can bring the same one; keep a single copy.
  const rest = list.notifications.filter((i) => i.id !== n.id);
  return { ...list, notifications: [...rest.filter(isSynthetic), n, ...rest.filter((i) => !isSynthetic(i))] };
}

/** Opening the bell marks every stored notification read; the unread-messages item stays as it is. */
export function withAllRead(list: NotificationsResponse): NotificationsResponse {
  return { ...list, notifications: list.notifications.map((n) => (isSynthetic(n) ? n : { ...n, read: true })) };
}

/** Deleting one removes it at once; dismissing the unread-messages item clears the message count. */
export function without(list: NotificationsResponse, id: NotificationItem['id']): NotificationsResponse {
  return {
    ...list,
    notifications: list.notifications.filter((n) => n.id !== id),
    unreadMessagesCount: id === UNREAD_MESSAGES_ID ? 0 : list.unreadMessagesCount,
  };
}

/** Whether marking read would change anything (otherwise the call is not made). */
export const hasUnreadStored = (list: NotificationsResponse | undefined) => !!list?.notifications.some((n) => !n.read && !isSynthetic(n));

/** The bell's badge: every unread entry, the unread-messages item included. */
export const unreadCount = (list: NotificationsResponse | undefined) => list?.notifications.filter((n) => !n.read).length ?? 0;
