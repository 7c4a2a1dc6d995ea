import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { NOTIFICATION_DROPDOWN_SIZE } from '@gotnext/shared';
import { NotificationEntry } from './NotificationEntry';
import { hasUnreadStored, unreadCount } from './notificationsCache';
import { useMarkAllRead, useNotifications, useRemoveNotification } from './useNotifications';
import './notifications.css';

/** The notification bell (docs/notifications.md): unread badge, the first 10 in a dropdown, live without a refresh. */
export function NotificationBell() {
  const { data } = useNotifications();
  const markAllRead = useMarkAllRead();
  const remove = useRemoveNotification();
  const items = data?.notifications ?? [];
  const unread = unreadCount(data);
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => setOpen(false), [location.pathname, location.search]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => root.current && !root.current.contains(e.target as Node) && setOpen(false);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  // Under 600 px the dropdown is a full-width sheet just below the header (notifications.css).
  const [sheetTop, setSheetTop] = useState(0);
  function toggle() {
    const next = !open;
    if (next && root.current) setSheetTop(Math.round(root.current.getBoundingClientRect().bottom));
    setOpen(next);
    if (next && hasUnreadStored(data)) markAllRead.mutate(); // opening marks all read
  }

  return (
    <div className="bell" ref={root}>
      <button type="button" className="bell__button" aria-label={`Notifications (${unread} unread)`} aria-expanded={open} aria-haspopup="true" onClick={toggle}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
          />
        </svg>
        {unread > 0 && (
          <span className="bell__badge" data-testid="notification-badge">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div className="bell__dropdown" role="region" aria-label="Notifications" style={{ '--bell-sheet-top': `${sheetTop}px` } as CSSProperties}>
          {items.length === 0 ? (
            <p className="muted bell__empty">No notifications.</p>
          ) : (
            <ul className="bell__list">
              {items.slice(0, NOTIFICATION_DROPDOWN_SIZE).map((n) => (
                <li key={n.id}>
                  <NotificationEntry item={n} onDelete={remove.mutate} onAction={() => setOpen(false)} />
                </li>
              ))}
            </ul>
          )}
          <Link to="/notifications" className="bell__all">
            View All
          </Link>
        </div>
      )}
    </div>
  );
}
