import { Link } from 'react-router-dom';
import { notificationAction, notificationTarget, type NotificationItem } from '@gotnext/shared';

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

/** One notification: message, time, its action button (if the match still needs it) and Delete. */
export function NotificationEntry({ item, onDelete, onAction }: Props) {
  const action = notificationAction(item);
  // The whole message opens its match or page (docs/notifications.md#the-bell).
  const target = notificationTarget(item);
  return (
    <div className={`notification${item.read ? '' : ' notification--unread'}`} data-type={item.type}>
      <p className="notification__message">
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
          {action && (
            <Link to={action.to} className="btn btn--primary btn--small" onClick={onAction}>
              {action.label}
            </Link>
          )}
          <button type="button" className="btn btn--secondary btn--small" aria-label={`Delete notification: ${item.message}`} onClick={() => onDelete(item.id)}>
            Delete
          </button>
        </span>
      </div>
    </div>
  );
}
