import { useEffect } from 'react';
import { POLL_INTERVAL_MS } from '@gotnext/shared';
import { useOnReconnect, usePolling, useSocketEvent, useSocketStatus } from '../../realtime';
import { useAuthStore } from '../../stores/auth';
import { useNotificationsStore } from '../../stores/notifications';

/**
 * Keeps the notification store live for the logged-in player: loads once per session, applies
 * `notification:new` pushes, polls every 3 s while the socket is down and reloads after a reconnect.
 * Mounted once, by the bell in the header.
 */
export function useNotificationFeed(): void {
  const token = useAuthStore((s) => s.token);
  const connected = useSocketStatus();
  const { load, receive, reset } = useNotificationsStore.getState();

  useEffect(() => {
    reset();
    if (token) void load();
  }, [token, load, reset]);

  useSocketEvent('notification:new', (n) => {
    receive(n);
    // The ID verdict changes the account itself (id_verified): show it without a reload.
    if (n.type === 'id_verification') useAuthStore.getState().refreshUser().catch(() => undefined);
  });
  usePolling(load, POLL_INTERVAL_MS, !!token && !connected);
  useOnReconnect(load);
}
