import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getSocket, useSocketStatus } from '../../realtime';
import { useSocketStatusStore } from '../../realtime/socket';
import { applyPresence } from './socialCache';

/** How many screens on this page watch each player: the server is asked once per player. */
const watchers = new Map<number, number>();

function watchOnServer(client: QueryClient, ids: number[]): void {
  const socket = getSocket();
  if (!socket?.connected || !ids.length) return;
  // The answer says who is online now; pushes carry every change after it.
  socket.emit('presence:watch', ids, ({ online }) => ids.forEach((id) => applyPresence(client, { user_id: id, online: online.includes(id) })));
}

/**
 * Keeps the online dots of these players live while mounted (docs/social.md#presence): watched on
 * the server while any screen shows them, and watched again after every reconnect.
 */
export function useWatchPresence(ids: number[]): void {
  const client = useQueryClient();
  const connected = useSocketStatus();
  const sessionCount = useSocketStatusStore((s) => s.sessionCount);
  const key = [...new Set(ids)].sort((a, b) => a - b).join(',');

  // Counted while mounted; the last screen to stop showing a player stops watching them.
  useEffect(() => {
    const list = key ? key.split(',').map(Number) : [];
    list.forEach((id) => watchers.set(id, (watchers.get(id) ?? 0) + 1));
    return () => {
      const gone = list.filter((id) => {
        const left = (watchers.get(id) ?? 1) - 1;
        if (left <= 0) watchers.delete(id);
        else watchers.set(id, left);
        return left <= 0;
      });
      if (gone.length) getSocket()?.emit('presence:unwatch', gone);
    };
  }, [key]);

  // Once connected, and again after every reconnect (a new socket watches nobody). Asking twice is harmless.
  useEffect(() => {
    if (connected && key) watchOnServer(client, key.split(',').map(Number));
  }, [connected, sessionCount, key, client]);
}
