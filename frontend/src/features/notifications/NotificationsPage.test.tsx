import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ROUTES } from '@gotnext/shared';
import { notification } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { NotificationsPage } from './NotificationsPage';

describe('the notifications page', () => {
  it('shows each filter’s unread count on its tab', async () => {
    mockApi().on(ROUTES.notifications, {
      body: {
        notifications: [
          notification({ type: 'friend_request', message: 'Sam sent you a friend request.' }),
          notification({ type: 'friend_request_accepted', message: 'Kim accepted.' }),
          notification({ type: 'dispute', message: 'Scores differ.', matchId: 5, matchType: '1v1' }),
          notification({ type: 'match_result', message: 'You won.', matchId: 6, read: true }),
        ],
        unreadMessagesCount: 0,
        unreadMessagesTimestamp: null,
      },
    });
    renderPage(<NotificationsPage />, { as: { userId: 7 } });
    expect(await screen.findByRole('tab', { name: 'All 3 unread' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Friend Requests 2 unread' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Matches 1 unread' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Messages' })).toBeVisible();
  });
});
