import { matchesNotificationFilter, notificationAction } from './notifications';

describe('notification actions (docs/notifications.md#the-bell)', () => {
  const base = { matchId: 12, match_id: 12, matchType: '1v1', league_id: null, disputeResolved: false, matchCompleted: false };
  it('offers Resolve Dispute until the dispute is resolved or the match completed', () => {
    expect(notificationAction({ ...base, type: 'dispute' })).toEqual({ label: 'Resolve Dispute', to: '/resolve-dispute/12' });
    expect(notificationAction({ ...base, type: 'dispute', matchType: '3v3' })).toEqual({ label: 'Resolve Dispute', to: '/resolve-dispute-3v3/12' });
    expect(notificationAction({ ...base, type: 'dispute', disputeResolved: true })).toBeNull();
    expect(notificationAction({ ...base, type: 'dispute', matchCompleted: true })).toBeNull();
  });
  it('offers league, reminder and invite actions', () => {
    expect(notificationAction({ ...base, type: 'dispute-league', league_id: 4 })).toEqual({ label: 'Resolve League Dispute', to: '/league-dispute/12?league_id=4' });
    expect(notificationAction({ ...base, type: 'score_reminder', matchType: '2v2' })).toEqual({ label: 'Go to Match', to: '/report-score/12?matchType=2v2' });
    expect(notificationAction({ ...base, type: 'score_reminder', matchType: '5v5' })).toEqual({ label: 'Go to Match', to: '/report-score5v5/12' });
    expect(notificationAction({ ...base, type: 'score_reminder', matchCompleted: true })).toBeNull();
    expect(notificationAction({ ...base, type: 'league_invite', league_id: 9 })).toEqual({ label: 'View Invite', to: '/league/9' });
    expect(notificationAction({ ...base, type: 'id_verification' })).toBeNull();
  });
  it('sorts types into the page filters', () => {
    expect(matchesNotificationFilter('friend_request', 'friend_requests')).toBe(true);
    expect(matchesNotificationFilter('dispute', 'friend_requests')).toBe(false);
    expect(matchesNotificationFilter('score_reminder', 'matches')).toBe(true);
    expect(matchesNotificationFilter('unread_messages', 'messages')).toBe(true);
    expect(matchesNotificationFilter('id_verification', 'all')).toBe(true);
  });
});
