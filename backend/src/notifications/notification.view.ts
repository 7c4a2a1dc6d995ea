import type { NotificationEvent } from '@gotnext/shared';
import { NotificationEntity } from './entities/notification.entity';

/** The wire shape of a notification (both spellings of the match id, as the spec reads both). */
export function toNotificationView(n: NotificationEntity): NotificationEvent {
  return {
    id: n.id,
    type: n.type,
    message: n.message,
    read: n.read,
    timestamp: n.createdAt.toISOString(),
    matchId: n.matchId,
    match_id: n.matchId,
    matchType: n.matchType,
    league_id: n.leagueId,
    disputeResolved: n.disputeResolved,
    matchCompleted: n.matchCompleted,
  };
}
