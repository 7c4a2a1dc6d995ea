import type { ServerToClientEvents } from '@gotnext/shared';

export type ServerEventName = keyof ServerToClientEvents & string;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

/**
 * Where pushes go. Bound to the Socket.IO server (RealtimePublisher) in the API and to
 * @socket.io/redis-emitter (WorkerEmitter) in the worker; both reach every API instance's sockets
 * through the Redis adapter's channels, so code that pushes runs unchanged in either process
 * (docs/realtime.md).
 */
export interface RealtimeSink {
  /** One publish for several rooms: a socket in two of them gets it once. */
  toRoom<E extends ServerEventName>(room: string | string[], event: E, payload: ServerEventPayload<E>): void;
  toUser<E extends ServerEventName>(userId: number, event: E, payload: ServerEventPayload<E>): void;
  /** One event to several users' rooms: one publish on Redis, and a socket in two of them gets it once. */
  toUsers<E extends ServerEventName>(userIds: number[], event: E, payload: ServerEventPayload<E>): void;
  /** Tells a user's sockets why, then closes them, on every instance. */
  disconnectUser(userId: number, reason: string): Promise<void>;
  /** Takes every socket of a user out of a room, on every instance (a member who left a league). */
  leaveRoom(userId: number, room: string): Promise<void>;
  /** Tells the sockets opened with one session's token why, then closes them, on every instance. */
  disconnectSession(sessionId: string, reason: string): Promise<void>;
}

/**
 * The server-side room of the sockets opened with one session's token: joined at the handshake,
 * never by a client (parseRoom knows no `session:` kind), so a logout reaches exactly them.
 */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

export const REALTIME_SINK = Symbol('REALTIME_SINK');
