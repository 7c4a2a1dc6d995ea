import { useEffect, useRef } from 'react';
import type { RoomJoinResult } from '@gotnext/shared';
import { useAuthStore } from '../stores/auth';
import { getSocket, useSocketStatusStore } from './socket';

/** Whether pushes can currently reach this tab. Live queries poll while this is false. */
export function useSocketStatus(): boolean {
  return useSocketStatusStore((s) => s.connected);
}

/** Joins a room (`match:{id}`, `league:{id}`) while mounted, again after every reconnect. */
export function useRoom(room: string | null, onResult?: (result: RoomJoinResult) => void): void {
  const connected = useSocketStatus();
  const sessionCount = useSocketStatusStore((s) => s.sessionCount);
  const latest = useRef(onResult);
  latest.current = onResult;

  useEffect(() => {
    const socket = getSocket();
    if (!room || !connected || !socket) return;
    socket.emit('room:join', room, (result) => latest.current?.(result));
    return () => {
      socket.emit('room:leave', room);
    };
  }, [room, connected, sessionCount]);
}

/**
 * Whether this tab has lost its connection (docs/realtime.md#offline): the browser is offline, or
 * a logged-in player's socket was up and is now down. Before the first connect nothing is lost yet
 * (the socket is still opening), so a page that just loaded does not flash "No connection".
 */
export function useConnectionLost(): boolean {
  const loggedIn = useAuthStore((s) => s.token !== null);
  return useSocketStatusStore((s) => !s.online || (loggedIn && s.sessionCount > 0 && !s.connected));
}
