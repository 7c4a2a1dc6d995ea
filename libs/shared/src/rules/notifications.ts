import { NOTIFICATION_TYPES as T } from '../api/notifications';
import type { NotificationItem } from '../api/notifications';
import { leagueInvitePath, lobbyPath, reportScorePath, resolveDisputePath } from './match-paths';

export interface NotificationAction {
  label: string;
  to: string;
}

/**
 * The action button a notification offers in the bell (docs/notifications.md#the-bell), or null when
 * it has none or the match has moved past it (dispute resolved, match completed).
 */
export function notificationAction(
  n: Pick<NotificationItem, 'type' | 'matchId' | 'match_id' | 'matchType' | 'league_id' | 'disputeResolved' | 'matchCompleted'> & { message?: string },
): NotificationAction | null {
  const matchId = n.matchId ?? n.match_id ?? null;
  switch (n.type) {
    case T.dispute:
      if (matchId === null || n.disputeResolved || n.matchCompleted) return null;
      return { label: 'Resolve Dispute', to: resolveDisputePath(matchId, n.matchType) };
    case T.disputeLeague:
      if (matchId === null || n.disputeResolved || n.matchCompleted) return null;
      return { label: 'Resolve League Dispute', to: `/league-dispute/${matchId}${n.league_id ? `?league_id=${n.league_id}` : ''}` };
    case T.scoreReminder:
      if (matchId === null || n.matchCompleted) return null;
      return { label: 'Go to Match', to: reportScorePath(matchId, n.matchType) };
    case T.leagueMatchAdded:
      return n.league_id ? { label: 'View League', to: `/league/${n.league_id}` } : null;
    case T.matchResult:
      return matchId === null ? null : { label: 'View Result', to: lobbyPath(matchId, n.matchType || '1v1') };
    case T.matchInvite: {
      // The invite's text carries the new match's code (docs/matches.md#the-result); a league
      // match's rematch is joined on the league's own join page.
      const code = n.message ? /Match code: ([A-Z0-9]{6})/.exec(n.message)?.[1] : undefined;
      if (!code) return null;
      return { label: 'Join Match', to: n.league_id ? leagueInvitePath(n.league_id, code) : `/join-match?code=${code}` };
    }
    case T.leagueInvite:
      return n.league_id ? { label: 'View Invite', to: `/league/${n.league_id}` } : null;
    // A refund or a confirmed case (docs/rating.md#integrity): the flagged player's page holds the appeal.
    case T.fairPlay:
      return n.message?.includes('You can appeal once') ? { label: 'See or appeal', to: '/fair-play' } : { label: 'How the rating works', to: '/rating' };
    default:
      return null;
  }
}

/** The filters of the notifications page (docs/notifications.md#notifications-page). */
export type NotificationFilter = 'all' | 'friend_requests' | 'matches' | 'messages';

const FRIEND_TYPES: readonly string[] = [T.friendRequest, T.friendRequestAccepted];
const MESSAGE_TYPES: readonly string[] = [T.unreadMessages];
const MATCH_TYPES: readonly string[] = [
  T.dispute,
  T.disputeResolved,
  T.scoreReminder,
  T.matchResult,
  T.matchCancelled,
  T.matchInvite,
  T.disputeLeague,
  T.leagueDispute,
  T.leagueDisputeResolved,
  T.leagueMatchAdded,
  T.fairPlay,
];

export function matchesNotificationFilter(type: string, filter: NotificationFilter): boolean {
  switch (filter) {
    case 'friend_requests':
      return FRIEND_TYPES.includes(type);
    case 'messages':
      return MESSAGE_TYPES.includes(type);
    case 'matches':
      return MATCH_TYPES.includes(type);
    default:
      return true;
  }
}
