import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MSG, ROUTES, type NotificationItem } from '@gotnext/shared';
import { notification } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { NotificationBell } from './NotificationBell';

async function openBell(items: NotificationItem[], unreadMessagesCount = 0) {
  const api = mockApi()
    .on(ROUTES.notifications, { body: { notifications: items, unreadMessagesCount, unreadMessagesTimestamp: null } })
    .on(ROUTES.markNotificationsRead, { body: { message: 'ok' } })
    .on(ROUTES.deleteNotification, { body: { message: 'ok' } });
  const view = renderPage(<NotificationBell />, { as: { userId: 7 } });
  const bell = await screen.findByRole('button', { name: `Notifications (${items.filter((n) => !n.read).length} unread)` });
  await view.user.click(bell);
  return { ...view, api, bell };
}

/** The entry showing `message`, to look for its buttons. */
const entry = (message: string) => within(screen.getByText(message).closest('li')!);
/** The entry's action buttons (the message itself is a link too: to where the notification leads). */
const actionOf = (message: string) =>
  entry(message)
    .queryAllByRole('link')
    .filter((a) => a.textContent !== message)
    .map((a) => [a.textContent, a.getAttribute('href')]);
const openLink = (message: string) => screen.getByRole('link', { name: message }).getAttribute('href');

describe('the notification bell', () => {
  it('offers the one action each type calls for, with its link', async () => {
    const { user } = await openBell([
      notification({ type: 'dispute', message: 'Scores differ.', matchId: 5, matchType: '1v1' }),
      notification({ type: 'dispute', message: 'Team scores differ.', matchId: 6, matchType: '3v3' }),
      notification({ type: 'score_reminder', message: 'Please report.', matchId: 77, matchType: '3v3' }),
      notification({ type: 'dispute-league', message: 'League scores differ.', match_id: 8, league_id: 3 }),
      notification({ type: 'league_invite', message: 'Join our league.', league_id: 9 }),
      notification({ type: 'friend_request', message: 'Sam wants to be friends.' }),
      notification({ type: 'id_verification', message: 'Your ID has been verified.' }),
    ]);
    expect(actionOf('Scores differ.')).toEqual([['Resolve Dispute', '/resolve-dispute/5']]);
    expect(actionOf('Team scores differ.')).toEqual([['Resolve Dispute', '/resolve-dispute-3v3/6']]);
    expect(actionOf('Please report.')).toEqual([['Go to Match', '/report-score3v3/77']]);
    expect(actionOf('League scores differ.')).toEqual([['Resolve League Dispute', '/league-dispute/8?league_id=3']]);
    expect(actionOf('Join our league.')).toEqual([['View Invite', '/league/9']]);
    expect(actionOf('Sam wants to be friends.')).toEqual([]);
    expect(actionOf('Your ID has been verified.')).toEqual([]);
    // Every entry can be deleted, from its "more" menu.
    expect(entry('Sam wants to be friends.').queryByRole('button', { name: 'Delete notification: Sam wants to be friends.' })).toBeNull();
    await user.click(entry('Sam wants to be friends.').getByRole('button', { name: 'More for: Sam wants to be friends.' }));
    expect(entry('Sam wants to be friends.').getByRole('button', { name: 'Delete notification: Sam wants to be friends.' })).toBeVisible();
  });

  it('hides the action once the match has moved past it', async () => {
    await openBell([
      notification({ type: 'dispute', message: 'Resolved since.', matchId: 5, matchType: '1v1', disputeResolved: true }),
      notification({ type: 'dispute', message: 'Completed since.', matchId: 6, matchType: '1v1', matchCompleted: true }),
      notification({ type: 'score_reminder', message: 'Reported since.', matchId: 7, matchType: '2v2', matchCompleted: true }),
      notification({ type: 'dispute-league', message: 'League resolved.', match_id: 8, disputeResolved: true }),
      notification({ type: 'dispute', message: 'No match.', matchId: null }),
    ]);
    for (const message of ['Resolved since.', 'Completed since.', 'Reported since.', 'League resolved.', 'No match.']) expect(actionOf(message)).toEqual([]);
    // The finished to-dos collapse to one "Done" line; one that never had a match stays as it is.
    for (const message of ['Resolved since.', 'Completed since.', 'Reported since.', 'League resolved.']) expect(entry(message).getByText('Done ·')).toBeVisible();
    expect(entry('No match.').queryByText('Done ·')).toBeNull();
  });

  it('accepts or declines a friend request right in the bell, and collapses it once answered', async () => {
    const request = { id: 12, sender_id: 3, username: 'sam', profile_picture: null, profile_picture_version: 0, timestamp: '2026-03-01T18:30:00.000Z' };
    let pending = [request];
    const api = mockApi()
      .on(ROUTES.notifications, {
        body: {
          notifications: [
            notification({ type: 'friend_request', message: MSG.friendRequestNotice('sam') }),
            notification({ type: 'friend_request', message: MSG.friendRequestNotice('kim'), read: true }),
          ],
          unreadMessagesCount: 0,
          unreadMessagesTimestamp: null,
        },
      })
      .on(ROUTES.markNotificationsRead, { body: { message: 'ok' } })
      .on(ROUTES.friends, () => ({ body: { friends: [], friendRequests: pending } }))
      .on(ROUTES.friendAccept, () => {
        pending = [];
        return { body: { message: 'ok' } };
      });
    const { user } = renderPage(<NotificationBell />, { as: { userId: 7 } });
    await user.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const sam = () => entry(MSG.friendRequestNotice('sam'));
    await user.click(await sam().findByRole('button', { name: 'Accept sam' }));
    expect(api.callsTo(ROUTES.friendAccept)[0].body).toEqual({ requestId: 12 });
    expect(await sam().findByText('Done ·')).toBeVisible();
    expect(sam().queryByRole('button', { name: 'Decline sam' })).toBeNull();
    // kim's request was answered elsewhere already: nothing to press.
    expect(entry(MSG.friendRequestNotice('kim')).queryByRole('button', { name: /Accept/ })).toBeNull();
  });

  it('counts unread ones on the badge and marks them read when opened', async () => {
    const { api, bell } = await openBell([
      notification({ type: 'friend_request', message: 'New one.' }),
      notification({ type: 'friend_request', message: 'Old one.', read: true }),
    ]);
    expect(api.callsTo(ROUTES.markNotificationsRead)).toHaveLength(1);
    expect(bell).toHaveAccessibleName('Notifications (0 unread)');
    expect(screen.queryByTestId('notification-badge')).toBeNull();
  });

  it('does not call mark-read when nothing is unread', async () => {
    const { api } = await openBell([notification({ type: 'friend_request', message: 'Seen.', read: true })]);
    expect(api.callsTo(ROUTES.markNotificationsRead)).toHaveLength(0);
  });

  it('removes a deleted entry at once', async () => {
    const { api, user } = await openBell([notification({ id: 41, type: 'friend_request', message: 'Go away.' }), notification({ type: 'friend_request', message: 'Stay.' })]);
    await user.click(screen.getByRole('button', { name: 'More for: Go away.' }));
    await user.click(screen.getByRole('button', { name: 'Delete notification: Go away.' }));
    expect(screen.queryByText('Go away.')).toBeNull();
    expect(screen.getByText('Stay.')).toBeVisible();
    expect(api.callsTo(ROUTES.deleteNotification)[0].url.pathname).toMatch(/\/41$/);
  });

  it('opens its match or page from the message itself, the lobby once the action is finished', async () => {
    await openBell([
      notification({ type: 'dispute', message: 'Open dispute.', matchId: 5, matchType: '1v1' }),
      notification({ type: 'dispute', message: 'Settled dispute.', matchId: 6, matchType: '2v2', disputeResolved: true, matchCompleted: true }),
      notification({ type: 'friend_request', message: 'Sam wants to be friends.' }),
      notification({ type: 'id_verification', message: 'Your ID has been verified.' }),
    ]);
    expect(openLink('Open dispute.')).toBe('/resolve-dispute/5');
    expect(openLink('Settled dispute.')).toBe('/pregame/6?matchType=2v2');
    expect(openLink('Sam wants to be friends.')).toBe('/friends');
    expect(openLink('Your ID has been verified.')).toBe('/verification');
  });

  it('places the sheet under the bell (its top is where the bell ends)', async () => {
    await openBell([notification({ type: 'friend_request', message: 'Hi.' })]);
    expect(screen.getByRole('region', { name: 'Notifications' }).style.getPropertyValue('--bell-sheet-top')).toMatch(/^\d+px$/);
  });

  it('says so when there is nothing to show', async () => {
    await openBell([]);
    expect(screen.getByText('No notifications.')).toBeVisible();
  });
});
