import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { ROUTES, type FriendStatusResponse } from '@gotnext/shared';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { ProfileSocialButtons } from './ProfileSocialButtons';

function profileOf(status: FriendStatusResponse, as: { userId: number } | null = { userId: 7 }) {
  const api = mockApi()
    .on(ROUTES.friendStatus, { body: status })
    .on(ROUTES.friendRequest, { body: { message: 'Friend request sent.' } })
    .on(ROUTES.friendRemove, { body: { message: 'Friend removed.' } })
    .on(ROUTES.friendAccept, { body: { message: 'Friend request accepted.' } });
  const view = renderPage(<ProfileSocialButtons userId={9} username="sam" />, { as: as ?? undefined });
  return { ...view, api };
}

describe("the profile's social buttons", () => {
  it('offers Add Friend, Message and Report Player to a stranger, and sends the request', async () => {
    const { api, user } = profileOf({ status: 'not_friends', request_id: null });
    const add = await screen.findByRole('button', { name: 'Add Friend' });
    expect(screen.getByRole('link', { name: 'Message' })).toHaveAttribute('href', '/chat/9');
    expect(screen.getByRole('button', { name: 'Report Player' })).toBeEnabled();
    api.on(ROUTES.friendStatus, { body: { status: 'request_sent', request_id: 3 } });
    await user.click(add);
    expect(api.callsTo(ROUTES.friendRequest)[0].body).toEqual({ userId: 9 });
    // The status is read again: the button turns into a disabled Request Sent.
    expect(await screen.findByRole('button', { name: 'Request Sent' })).toBeDisabled();
  });

  it('shows Request Sent disabled while the request waits', async () => {
    profileOf({ status: 'request_sent', request_id: 3 });
    expect(await screen.findByRole('button', { name: 'Request Sent' })).toBeDisabled();
  });

  it('offers Accept when they asked the viewer, with that request', async () => {
    const { api, user } = profileOf({ status: 'request_received', request_id: 12 });
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(api.callsTo(ROUTES.friendAccept)[0].body).toEqual({ requestId: 12 });
  });

  it('offers Remove Friend to a friend', async () => {
    const { api, user } = profileOf({ status: 'friends', request_id: null });
    await user.click(await screen.findByRole('button', { name: 'Remove Friend' }));
    expect(api.callsTo(ROUTES.friendRemove)[0].body).toEqual({ userId: 9 });
  });

  it('logs a failed friend action and shows nothing else', async () => {
    const { api, user } = profileOf({ status: 'not_friends', request_id: null });
    api.on(ROUTES.friendRequest, { status: 403, body: { message: 'You cannot send a friend request to this player.' } });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(await screen.findByRole('button', { name: 'Add Friend' }));
    await vi.waitFor(() => expect(log).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows nothing on one’s own profile', () => {
    const own = profileOf({ status: 'self', request_id: null }, { userId: 9 });
    expect(screen.queryByRole('group', { name: 'Player actions' })).toBeNull();
    expect(own.api.callsTo(ROUTES.friendStatus)).toHaveLength(0);
  });

  it('shows nothing to a visitor', () => {
    const visitor = profileOf({ status: 'unknown', request_id: null }, null);
    expect(screen.queryByRole('group', { name: 'Player actions' })).toBeNull();
    expect(visitor.api.callsTo(ROUTES.friendStatus)).toHaveLength(0);
  });
});
