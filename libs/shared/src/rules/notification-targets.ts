import { NOTIFICATION_TYPES as T, type NotificationItem } from '../api/notifications';
import { lobbyPath } from './match-paths';
import { notificationAction } from './notifications';

/**
 * Where tapping a notification takes the player (docs/notifications.md#the-bell): its action's page
 * while the action applies, else the match's lobby (which shows how it ended), the friends page, the
 * messages, the league, or the verification page; null when there is nowhere to go.
 */
export function notificationTarget(n: Pick<NotificationItem, 'type' | 'matchId' | 'match_id' | 'matchType' | 'league_id' | 'disputeResolved' | 'matchCompleted'>): string | null {
  const action = notificationAction(n);
  if (action) return action.to;
  const matchId = n.matchId ?? n.match_id ?? null;
  switch (n.type) {
    case T.dispute:
    case T.disputeResolved:
    case T.scoreReminder:
      return matchId === null ? null : lobbyPath(matchId, n.matchType || '1v1');
    case T.friendRequest:
    case T.friendRequestAccepted:
      return '/friends';
    case T.unreadMessages:
      return '/messages';
    case T.idVerification:
      return '/verification';
    case T.leagueInvite:
    case T.disputeLeague:
    case T.leagueDispute:
    case T.leagueDisputeResolved:
      return n.league_id ? `/league/${n.league_id}` : null;
    default:
      return matchId === null ? null : lobbyPath(matchId, n.matchType || '1v1');
  }
}
