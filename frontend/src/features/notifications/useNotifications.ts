import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ROUTES, UNREAD_MESSAGES_ID, type NotificationItem, type NotificationsResponse } from '@gotnext/shared';
import { call } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { useLiveQuery } from '../../realtime';
import { useAuthStore } from '../../stores/auth';
import { without, withAllRead } from './notificationsCache';

const key = queryKeys.notifications();

/**
 * The logged-in player's notifications, shared by the bell and the notifications page: live
 * (pushes land through realtime/queryBridge.ts) and polled while the socket is down. Failures are
 * silent (docs/notifications.md): the list keeps what it had and the next poll or push catches up.
 */
export function useNotifications() {
  const token = useAuthStore((s) => s.token);
  return useLiveQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(ROUTES.notifications, { fallback: '', signal }),
    enabled: token !== null,
  });
}

/**
 * Applies a change to the cached list before the server confirms it. A list read still in flight
 * would bring back the old state, so it is cancelled, and read again once the change is stored.
 */
async function changeFirst(client: QueryClient, change: (list: NotificationsResponse) => NotificationsResponse) {
  const cancelled = client.isFetching({ queryKey: key }) > 0;
  await client.cancelQueries({ queryKey: key });
  client.setQueryData<NotificationsResponse>(key, (list) => list && change(list));
  return { cancelled };
}

function readAgainIfCancelled(client: QueryClient, context: { cancelled: boolean } | undefined) {
  if (context?.cancelled) void client.invalidateQueries({ queryKey: key });
}

/** Opening the bell marks all read at once; the call's failure is silent. */
export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(ROUTES.markNotificationsRead, { fallback: '' }),
    onMutate: () => changeFirst(client, withAllRead),
    onSettled: (_data, _error, _vars, context) => readAgainIfCancelled(client, context),
  });
}

/** Delete removes the entry at once; the unread-messages item is dismissed by marking messages read. */
export function useRemoveNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: NotificationItem['id']) =>
      id === UNREAD_MESSAGES_ID ? call(ROUTES.markMessagesReadAll, { fallback: '' }) : call(ROUTES.deleteNotification, { params: { id }, fallback: '' }),
    onMutate: (id) => changeFirst(client, (list) => without(list, id)),
    onSettled: (_data, _error, _id, context) => readAgainIfCancelled(client, context),
  });
}
