import { NOTIFICATION_TYPES as T } from '../api/notifications';
import type { NotificationItem } from '../api/notifications';
import type { PushType } from '../api/push';
import { notificationAction } from './notifications';

/**
 * Which kind of push a stored notification is, and the page a tap opens (docs/notifications.md#web-push);
 * null for notifications that are not pushed (they stay in the bell).
 */
export function pushForNotification(
  n: Pick<NotificationItem, 'type' | 'matchId' | 'match_id' | 'matchType' | 'league_id' | 'disputeResolved' | 'matchCompleted'>,
): { type: PushType; url: string } | null {
  const url = notificationAction(n)?.to ?? '/notifications';
  switch (n.type) {
    case T.scoreReminder:
      return { type: 'opponent_reported', url };
    case T.dispute:
    case T.disputeLeague:
    case T.leagueDispute:
      return { type: 'dispute', url };
    case T.friendRequest:
      return { type: 'friend_request', url: '/friends' };
    case T.leagueInvite:
      return { type: 'league_invite', url };
    default:
      return null;
  }
}
