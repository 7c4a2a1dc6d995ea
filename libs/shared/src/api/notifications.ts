/** Wire types of the notification center (docs/notifications.md#the-list). */
import type { NotificationEvent } from '../realtime/events';

/** A stored notification as listed; the synthetic unread-messages item has the id 'unread_messages'. */
export type NotificationItem = Omit<NotificationEvent, 'id'> & { id: number | typeof UNREAD_MESSAGES_ID };

export const UNREAD_MESSAGES_ID = 'unread_messages';

export interface NotificationsResponse {
  notifications: NotificationItem[];
  unreadMessagesCount: number;
  /** When the newest unread message arrived (ISO 8601), or null when there is none. */
  unreadMessagesTimestamp: string | null;
}

/** Every type the server stores (docs/notifications.md#types). */
export const NOTIFICATION_TYPES = {
  unreadMessages: 'unread_messages',
  friendRequest: 'friend_request',
  friendRequestAccepted: 'friend_request_accepted',
  dispute: 'dispute',
  disputeResolved: 'dispute_resolved',
  scoreReminder: 'score_reminder',
  disputeLeague: 'dispute-league',
  leagueDispute: 'league_dispute',
  leagueDisputeResolved: 'league_dispute_resolved',
  leagueInvite: 'league_invite',
  /** A past league match the player played in was added to the history: they may contest it (docs/leagues.md#contesting-a-back-filled-match). */
  leagueMatchAdded: 'league_match_added',
  idVerification: 'id_verification',
  /** A completed match's summary for one player (docs/matches.md#the-result). */
  matchResult: 'match_result',
  matchCancelled: 'match_cancelled',
  /** A rematch invitation; the message carries the new match's code. */
  matchInvite: 'match_invite',
  /** A confirmed fair-play case moved this player's rating: a refund, or (the flagged player) the case itself (docs/rating.md#integrity). */
  fairPlay: 'fair_play',
} as const;

/** The newest notifications a list call returns; older ones stay stored but are not listed. */
export const NOTIFICATIONS_LIST_LIMIT = 200;

/** docs/notifications.md#unread-messages: 'You have N unread message(s).' */
export function unreadMessagesText(count: number): string {
  return `You have ${count} unread message(s).`;
}
