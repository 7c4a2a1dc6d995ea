import type { FriendStatusResponse } from '@gotnext/shared';

export type FriendButton =
  | { label: 'Add Friend'; action: { kind: 'request'; userId: number } }
  | { label: 'Request Sent'; action: null }
  | { label: 'Remove Friend'; action: { kind: 'remove'; userId: number } }
  | { label: 'Accept'; action: { kind: 'accept'; requestId: number; userId: number } };

/**
 * The friend button a profile shows for where the viewer stands (docs/social.md#friends): Add
 * Friend, Request Sent (disabled), Remove Friend, or Accept when they asked the viewer; none for
 * oneself or a player who is not there.
 */
export function friendButtonFor(userId: number, { status, request_id }: FriendStatusResponse): FriendButton | null {
  switch (status) {
    case 'not_friends':
      return { label: 'Add Friend', action: { kind: 'request', userId } };
    case 'request_sent':
      return { label: 'Request Sent', action: null };
    case 'request_received':
      return request_id === null ? null : { label: 'Accept', action: { kind: 'accept', requestId: request_id, userId } };
    case 'friends':
      return { label: 'Remove Friend', action: { kind: 'remove', userId } };
    default:
      return null;
  }
}
