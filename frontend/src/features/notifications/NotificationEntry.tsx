import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MSG, NOTIFICATION_TYPES as T, notificationAction, notificationTarget, type NotificationItem } from '@gotnext/shared';
import { useFriendAction, useFriends } from '../social/socialQueries';

/** When it happened, in the browser's own time zone. */
export function formatWhen(timestamp: string): string {
  const d = new Date(timestamp);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

interface Props {
  item: NotificationItem;
  onDelete: (id: NotificationItem['id']) => void;
  onAction?: () => void;
}

/** A to-do about a match that the match has since moved past (docs/notifications.md#flags). */
const MATCH_TODOS: readonly string[] = [T.dispute, T.disputeLeague, T.scoreReminder];
const finishedTodo = (n: NotificationItem) => MATCH_TODOS.includes(n.type) && (!!n.disputeResolved || !!n.matchCompleted);

/**
 * One notification: message, time, its action (if the match still needs it; Accept and Decline
 * right here for a friend request) and Delete behind a "more" menu. A to-do that is finished
 * collapses to one muted line (docs/notifications.md#the-bell).
 */
export function NotificationEntry({ item, onDelete, onAction }: Props) {
  const action = notificationAction(item);
  // The whole message opens its match or page (docs/notifications.md#the-bell).
  const target = notificationTarget(item);
  const friendRequest = item.type === T.friendRequest;
  const answered = useAnsweredRequest(friendRequest ? item.message : null);
  const done = finishedTodo(item) || answered === true;
  const [menu, setMenu] = useState(false);
  return (
    <div className={`notification${item.read ? '' : ' notification--unread'}${done ? ' notification--done' : ''}`} data-type={item.type} data-done={done || undefined}>
      <p className="notification__message">
        {done && <span className="notification__done">Done · </span>}
        {target ? (
          <Link to={target} className="notification__open" onClick={onAction}>
            {item.message}
          </Link>
        ) : (
          item.message
        )}
      </p>
      <div className="notification__meta">
        <time dateTime={item.timestamp}>{formatWhen(item.timestamp)}</time>
        <span className="notification__buttons">
          {action && !done && (
            <Link to={action.to} className="btn btn--primary btn--small" onClick={onAction}>
              {action.label}
            </Link>
          )}
          {friendRequest && !done && <FriendRequestButtons message={item.message} />}
          <span className="notification__more">
            <button
              type="button"
              className="btn btn--ghost btn--small notification__more-button"
              aria-label={`More for: ${item.message}`}
              aria-expanded={menu}
              onClick={() => setMenu((m) => !m)}
            >
              ⋯
            </button>
            {menu && (
              <span className="notification__menu">
                <button type="button" className="btn btn--secondary btn--small" aria-label={`Delete notification: ${item.message}`} onClick={() => onDelete(item.id)}>
                  Delete
                </button>
              </span>
            )}
          </span>
        </span>
      </div>
    </div>
  );
}

/** The pending request this notice announced, found by its own words (the notice names the sender). */
function usePendingRequest(message: string | null) {
  const friends = useFriends();
  if (message === null || !friends.data) return { loaded: !!friends.data, request: undefined };
  return { loaded: true, request: friends.data.friendRequests.find((r) => MSG.friendRequestNotice(r.username) === message) };
}

/** True once the friends list is loaded and no longer holds this notice's request (accepted or declined). */
function useAnsweredRequest(message: string | null): boolean | null {
  const { loaded, request } = usePendingRequest(message);
  if (message === null || !loaded) return null;
  return request === undefined;
}

function FriendRequestButtons({ message }: { message: string }) {
  const { request } = usePendingRequest(message);
  const act = useFriendAction();
  if (!request) return null;
  const busy = act.isPending;
  return (
    <>
      <button
        type="button"
        className="btn btn--primary btn--small"
        disabled={busy}
        aria-label={`Accept ${request.username}`}
        onClick={() => act.mutate({ kind: 'accept', requestId: request.id, userId: request.sender_id })}
      >
        Accept
      </button>
      <button
        type="button"
        className="btn btn--secondary btn--small"
        disabled={busy}
        aria-label={`Decline ${request.username}`}
        onClick={() => act.mutate({ kind: 'decline', requestId: request.id, userId: request.sender_id })}
      >
        Decline
      </button>
    </>
  );
}
