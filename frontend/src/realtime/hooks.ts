import { useEffect, useRef } from 'react';
import type { RoomJoinResult, ServerToClientEvents } from '@gotnext/shared';
import { getSocket, useSocketStatusStore } from './socket';

/** Whether pushes can currently reach this tab. Screens poll while this is false. */
export function useSocketStatus(): boolean {
  return useSocketStatusStore((s) => s.connected);
}

/**
 * Calls `fn` every `intervalMs` while `enabled` (typically `!connected`). It does not call at
 * start: the screen loads its data itself. A slow call is never overlapped by the next tick.
 */
export function usePolling(fn: () => unknown, intervalMs: number, enabled: boolean): void {
  const latest = useRef(fn);
  latest.current = fn;

  useEffect(() => {
    if (!enabled) return;
    let running = false;
    const id = window.setInterval(async () => {
      if (running) return;
      running = true;
      try {
        await latest.current();
      } catch {
        // the screen shows its own errors; polling just tries again next tick
      } finally {
        running = false;
      }
    }, intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs, enabled]);
}

/** Calls `fn` after each reconnect (not the first connect), so a screen can reload what it missed. */
export function useOnReconnect(fn: () => unknown): void {
  const latest = useRef(fn);
  latest.current = fn;
  const sessionCount = useSocketStatusStore((s) => s.sessionCount);
  const seen = useRef(sessionCount);
  useEffect(() => {
    if (sessionCount > seen.current && seen.current > 0) void latest.current();
    seen.current = sessionCount;
  }, [sessionCount]);
}

/** Subscribes to one server event for the life of the component (re-attached after reconnects). */
export function useSocketEvent<E extends keyof ServerToClientEvents>(event: E, handler: ServerToClientEvents[E]): void {
  const latest = useRef(handler);
  latest.current = handler;
  const sessionCount = useSocketStatusStore((s) => s.sessionCount);

  useEffect(() => {
    const socket = getSocket();
    if (!socket) return;
    const listener = ((...args: unknown[]) => (latest.current as (...a: unknown[]) => void)(...args)) as never;
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
    // sessionCount: a new login opens a new socket; re-attach to it.
  }, [event, sessionCount]);
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
