import { NotificationsService } from './notifications.service';
import type { NotificationEntity } from './entities/notification.entity';
import { UnreadMessagesSource } from './unread-messages';
import type { NotificationsRepository } from './notifications.repository';

const stored = (id: number, message: string): NotificationEntity => ({
  id,
  userId: 1,
  type: 'friend_request',
  message,
  read: false,
  matchId: null,
  matchType: null,
  leagueId: null,
  relatedId: null,
  disputeResolved: false,
  matchCompleted: false,
  createdAt: new Date(`2026-01-0${id}T10:00:00Z`),
});

function serviceWith(count: number, latest: Date | null) {
  const repo = { listOf: async () => [stored(2, 'newer'), stored(1, 'older')] } as unknown as NotificationsRepository;
  const unread: UnreadMessagesSource = { unreadOf: async () => ({ count, latest }), markAllRead: async () => undefined };
  return new NotificationsService(repo, unread);
}

describe('NotificationsService.list', () => {
  it('puts the synthetic unread-messages item first when there are unread messages', async () => {
    const latest = new Date('2026-01-05T08:00:00Z');
    const res = await serviceWith(3, latest).list(1);
    expect(res.unreadMessagesCount).toBe(3);
    expect(res.unreadMessagesTimestamp).toBe(latest.toISOString());
    expect(res.notifications[0]).toEqual({
      id: 'unread_messages',
      type: 'unread_messages',
      message: 'You have 3 unread message(s).',
      read: false,
      timestamp: latest.toISOString(),
    });
    expect(res.notifications.slice(1).map((n) => n.message)).toEqual(['newer', 'older']);
  });

  it('adds nothing when there are none', async () => {
    const res = await serviceWith(0, null).list(1);
    expect(res.notifications.map((n) => n.id)).toEqual([2, 1]);
    expect(res.unreadMessagesTimestamp).toBeNull();
  });
});
