/**
 * The Socket.IO event map, typed once: the gateway, the worker's emitter and the browser client
 * all use these interfaces, so an event name or payload cannot drift between them.
 */
import { parseDbId } from '../validation/input';

export interface NotificationEvent {
  id: number;
  type: string;
  message: string;
  read: boolean;
  timestamp: string;
  matchId?: number | null;
  match_id?: number | null;
  matchType?: string | null;
  league_id?: number | null;
  disputeResolved?: boolean;
  matchCompleted?: boolean;
}

export interface MatchChangedEvent {
  match_id: number;
  status: string;
  /** Server time the change was committed (ms since epoch), for latency measurement. */
  at: number;
}

export interface ServerToClientEvents {
  /** Sent once after the handshake: the server's view of who this socket is. */
  'session:ready': (payload: { user_id: number }) => void;
  /**
   * This socket's session ended: all of the account's (`password_reset`, `account_deleted`), this
   * one (`logout`) or its token ran out (`expired`). The server then disconnects the socket; the
   * client logs out.
   */
  'session:revoked': (payload: { reason: string }) => void;
  /**
   * The instance lost Redis: pushes cannot reach this socket until it is back, so the client
   * counts itself disconnected and its live screens poll (docs/realtime.md#when-redis-is-away).
   * The server disconnects the socket after it; it reconnects once Redis is back.
   */
  'system:degraded': (payload: { reason: 'redis' }) => void;
  'notification:new': (payload: NotificationEvent) => void;
  'match:changed': (payload: MatchChangedEvent) => void;
  /** Generic ping used by health checks and tests of the fan-out. */
  'system:echo': (payload: { text: string; at: number }) => void;
}

export type RoomJoinResult = { ok: true } | { ok: false; message: string };

export interface ClientToServerEvents {
  /** Ask to join a room (`user:{id}`, `match:{id}`, `league:{id}`); the server checks membership. */
  'room:join': (room: string, ack: (result: RoomJoinResult) => void) => void;
  'room:leave': (room: string, ack?: (result: RoomJoinResult) => void) => void;
}

export const rooms = {
  user: (id: number | string) => `user:${id}`,
  match: (id: number | string) => `match:${id}`,
  league: (id: number | string) => `league:${id}`,
};

/** Splits `kind:id` into its parts; null when the name is not one of ours or the id could not be a row's (parseDbId). */
export function parseRoom(room: unknown): { kind: 'user' | 'match' | 'league'; id: number } | null {
  if (typeof room !== 'string') return null;
  const m = /^(user|match|league):(\d{1,10})$/.exec(room);
  const id = m ? parseDbId(m[2]) : null;
  return m && id !== null ? { kind: m[1] as 'user' | 'match' | 'league', id } : null;
}
