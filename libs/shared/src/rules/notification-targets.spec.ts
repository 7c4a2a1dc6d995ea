import { notificationTarget } from './notification-targets';

describe('where a notification opens', () => {
  it('its action while it applies, else the lobby of the match', () => {
    expect(notificationTarget({ type: 'dispute', matchId: 7, matchType: '2v2' })).toBe('/resolve-dispute-2v2/7');
    expect(notificationTarget({ type: 'dispute', matchId: 7, matchType: '2v2', matchCompleted: true, disputeResolved: true })).toBe('/pregame/7?matchType=2v2');
    expect(notificationTarget({ type: 'dispute_resolved', matchId: 7, matchType: '1v1' })).toBe('/pregame/7?matchType=1v1');
  });

  it('friends, messages, verification and leagues to their pages', () => {
    expect(notificationTarget({ type: 'friend_request' })).toBe('/friends');
    expect(notificationTarget({ type: 'unread_messages' })).toBe('/messages');
    expect(notificationTarget({ type: 'id_verification' })).toBe('/verification');
    expect(notificationTarget({ type: 'league_invite', league_id: 3 })).toBe('/league/3');
    expect(notificationTarget({ type: 'something_new' })).toBeNull();
  });
});
