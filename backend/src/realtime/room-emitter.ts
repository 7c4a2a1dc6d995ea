import { rooms } from '@gotnext/shared';
import { sessionRoom, type RealtimeSink, type ServerEventName, type ServerEventPayload } from './realtime-sink';

/**
 * What the worker's emitters share (WorkerEmitter on one Redis, ShardedEmitter on a cluster): a
 * user's and a session's pushes are pushes to their rooms, and closing them tells the sockets why
 * first. Each emitter says only how it publishes to rooms and how it closes a room's sockets.
 */
export abstract class RoomEmitter implements RealtimeSink {
  abstract toRoom<E extends ServerEventName>(room: string | string[], event: E, payload: ServerEventPayload<E>): void;
  abstract leaveRoom(userId: number, room: string): Promise<void>;
  /** Closes the sockets in a room, on every instance. */
  protected abstract disconnectRoom(room: string): void;

  toUser<E extends ServerEventName>(userId: number, event: E, payload: ServerEventPayload<E>): void {
    this.toRoom(rooms.user(userId), event, payload);
  }

  toUsers<E extends ServerEventName>(userIds: number[], event: E, payload: ServerEventPayload<E>): void {
    this.toRoom(userIds.map(rooms.user), event, payload);
  }

  async disconnectUser(userId: number, reason: string): Promise<void> {
    this.closeRoom(rooms.user(userId), reason);
  }

  async disconnectSession(sessionId: string, reason: string): Promise<void> {
    this.closeRoom(sessionRoom(sessionId), reason);
  }

  private closeRoom(room: string, reason: string): void {
    this.toRoom(room, 'session:revoked', { reason });
    this.disconnectRoom(room);
  }
}
