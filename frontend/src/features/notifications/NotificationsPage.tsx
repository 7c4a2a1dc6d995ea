import { useEffect, useState } from 'react';
import { NOTIFICATIONS_PAGE_SIZE, matchesNotificationFilter, type NotificationFilter } from '@gotnext/shared';
import { LoginRequired } from '../../components/LoginRequired';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';
import { NotificationEntry } from './NotificationEntry';
import { hasUnreadStored } from './notificationsCache';
import { useMarkAllRead, useNotifications, useRemoveNotification } from './useNotifications';
import './notifications.css';
import { SkeletonLines } from '../../components/Skeleton';

const FILTERS: { value: NotificationFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'friend_requests', label: 'Friend Requests' },
  { value: 'matches', label: 'Matches' },
  { value: 'messages', label: 'Messages' },
];

/** How many unread items a filter holds, on its tab (nothing when none). */
function UnreadBadge({ count }: { count: number }) {
  if (!count) return null;
  return (
    <span className="tabs__badge">
      {count}
      <span className="visually-hidden"> unread</span>
    </span>
  );
}

/** The notifications page (docs/notifications.md): filters with their unread counts, 10 per page, two columns. Live through the same query as the bell. */
export function NotificationsPage() {
  usePageTitle('Notifications');
  const token = useAuthStore((s) => s.token);
  const { data } = useNotifications();
  const remove = useRemoveNotification();
  const markAllRead = useMarkAllRead();
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const [page, setPage] = useState(0);
  useEffect(() => setPage(0), [filter]);

  if (!token) return <LoginRequired title="Notifications" />;

  const all = data?.notifications ?? [];
  const shown = all.filter((n) => matchesNotificationFilter(n.type, filter));
  const unreadIn = (f: NotificationFilter) => all.filter((n) => !n.read && matchesNotificationFilter(n.type, f)).length;
  const pages = Math.max(1, Math.ceil(shown.length / NOTIFICATIONS_PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const slice = shown.slice(current * NOTIFICATIONS_PAGE_SIZE, (current + 1) * NOTIFICATIONS_PAGE_SIZE);

  return (
    <section className="page card panel">
      <div className="notifications-head">
        <h1>Notifications</h1>
        <button type="button" className="btn btn--secondary" disabled={!hasUnreadStored(data) || markAllRead.isPending} onClick={() => markAllRead.mutate()}>
          Mark all read
        </button>
      </div>
      <div className="tabs" role="tablist" aria-label="Filter notifications">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            role="tab"
            aria-selected={filter === f.value}
            className={`tabs__tab${filter === f.value ? ' is-active' : ''}`}
            onClick={() => setFilter(f.value)}
          >
            {f.label}
            <UnreadBadge count={unreadIn(f.value)} />
          </button>
        ))}
      </div>
      {!data ? (
        <SkeletonLines count={3} />
      ) : slice.length === 0 ? (
        <p className="muted">No notifications.</p>
      ) : (
        <ul className="notifications-grid">
          {slice.map((n) => (
            <li key={n.id}>
              <NotificationEntry item={n} onDelete={remove.mutate} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="pager" aria-label="Pages">
          <button type="button" className="btn btn--secondary" disabled={current === 0} onClick={() => setPage(current - 1)}>
            Previous
          </button>
          <span>
            Page {current + 1} of {pages}
          </span>
          <button type="button" className="btn btn--secondary" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
            Next
          </button>
        </nav>
      )}
    </section>
  );
}
