import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MSG, ROUTES, type FriendsResponse } from '@gotnext/shared';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { FriendsPage } from './FriendsPage';

const someone = (user_id: number, username: string) => ({ user_id, username, profile_picture: null, profile_picture_version: 0 });

function openFriends(list: FriendsResponse, unreadCount = 0) {
  const api = mockApi()
    .on(ROUTES.friends, { body: list })
    .on(ROUTES.unreadMessages, { body: { unreadCount } })
    .on(ROUTES.friendAccept, { body: { message: MSG.friendRequestAccepted } })
    .on(ROUTES.friendDecline, { body: { message: MSG.friendRequestDeclined } })
    .on(ROUTES.players, { body: { players: [] } });
  const view = renderPage(<FriendsPage />, { as: { userId: 7 } });
  return { ...view, api };
}

describe('the friends page', () => {
  it('says so when there are no requests and no friends', async () => {
    openFriends({ friends: [], friendRequests: [] });
    expect(await screen.findByText(MSG.noFriendRequests)).toBeVisible();
    expect(screen.getByText(MSG.noFriends)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Messages (0 unread)' })).toHaveAttribute('href', '/messages');
  });

  it('lists friends with their online dot, a profile link and Message, and the unread badge', async () => {
    openFriends(
      {
        friends: [
          { ...someone(2, 'ava'), online: true },
          { ...someone(3, 'bo'), online: false },
        ],
        friendRequests: [],
      },
      4,
    );
    const list = within(await screen.findByRole('list', { name: 'Friends list' }));
    expect(list.getByRole('link', { name: 'ava' })).toHaveAttribute('href', '/profile/2');
    expect(list.getByRole('link', { name: 'Message bo' })).toHaveAttribute('href', '/chat/3');
    expect(list.getByRole('img', { name: 'ava is online' })).toBeVisible();
    expect(list.queryByRole('img', { name: 'bo is online' })).toBeNull();
    expect(await screen.findByRole('link', { name: 'Messages (4 unread)' })).toHaveTextContent('4');
  });

  it('accepts and declines requests, and the list reloads', async () => {
    const { api, user } = openFriends({
      friends: [],
      friendRequests: [
        { id: 11, sender_id: 5, username: 'cy', profile_picture: null, profile_picture_version: 0, timestamp: '' },
        { id: 12, sender_id: 6, username: 'di', profile_picture: null, profile_picture_version: 0, timestamp: '' },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Accept cy' }));
    expect(api.callsTo(ROUTES.friendAccept)[0].body).toEqual({ requestId: 11 });
    await user.click(screen.getByRole('button', { name: 'Decline di' }));
    expect(api.callsTo(ROUTES.friendDecline)[0].body).toEqual({ requestId: 12 });
    await expect.poll(() => api.callsTo(ROUTES.friends).length).toBeGreaterThanOrEqual(3);
  });

  it("shows accept and decline failures in the spec's words", async () => {
    const { api, user } = openFriends({
      friends: [],
      friendRequests: [{ id: 11, sender_id: 5, username: 'cy', profile_picture: null, profile_picture_version: 0, timestamp: '' }],
    });
    api.on(ROUTES.friendAccept, { status: 500 });
    await user.click(await screen.findByRole('button', { name: 'Accept cy' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.acceptFailed);
    api.on(ROUTES.friendDecline, { status: 404, body: { message: MSG.friendRequestNotFound } });
    await user.click(screen.getByRole('button', { name: 'Decline cy' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.friendRequestNotFound);
  });

  it('searches players for a non-empty query, and adds one as a friend', async () => {
    const { api, user } = openFriends({ friends: [{ ...someone(2, 'ava'), online: false }], friendRequests: [] });
    api.on(ROUTES.players, { body: { players: [someone(2, 'ava'), someone(8, 'avery')] } }).on(ROUTES.friendRequest, { body: { message: MSG.friendRequestSent } });
    await user.type(await screen.findByLabelText('Search players'), 'a');
    const results = within(await screen.findByRole('list', { name: 'Search results' }));
    expect(results.getByText('Friends')).toBeVisible(); // ava already is
    await user.click(results.getByRole('button', { name: 'Add avery as a friend' }));
    expect(await results.findByRole('button', { name: 'Request Sent' })).toBeDisabled();
    expect(api.callsTo(ROUTES.friendRequest)[0].body).toEqual({ userId: 8 });
    api.on(ROUTES.players, { body: { players: [] } });
    await user.type(screen.getByLabelText('Search players'), 'zzz');
    expect(await screen.findByText(MSG.noResults)).toBeVisible();
    await user.clear(screen.getByLabelText('Search players'));
    expect(api.callsTo(ROUTES.players).every((c) => (c.url.searchParams.get('query') ?? '').length > 0)).toBe(true);
  });

  it('asks a visitor to log in, and says why the list failed', async () => {
    const view = renderPage(<FriendsPage />);
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.friendsLogin);
    view.unmount();
    mockApi()
      .on(ROUTES.friends, { status: 500 })
      .on(ROUTES.unreadMessages, { body: { unreadCount: 0 } });
    renderPage(<FriendsPage />, { as: { userId: 7 } });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.friendsLoadFailed);
  });
});
