import { Injectable } from '@nestjs/common';
import type { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@gotnext/shared';
import { rooms } from '@gotnext/shared';

type TypedServer = Server<ClientToServerEvents, ServerToClientEvents>;
type EventName = keyof ServerToClientEvents & string;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/**
 * The one way services push events. It goes through the Socket.IO server, whose Redis adapter
 * carries the event to every API instance; services never touch sockets themselves.
 */
@Injectable()
export class RealtimePublisher {
  private server?: TypedServer;

  attach(server: TypedServer): void {
    this.server = server;
  }

  toRoom<E extends EventName>(room: string, event: E, payload: Payload<E>): void {
    if (!this.server) return; // no gateway in this process (e.g. a CLI context): nothing listens here
    (this.server.to(room).emit as (ev: string, p: unknown) => boolean)(event, payload);
  }

  toUser<E extends EventName>(userId: number, event: E, payload: Payload<E>): void {
    this.toRoom(rooms.user(userId), event, payload);
  }

  /** Closes every socket of a user on every instance (revoked sessions, deleted accounts). */
  async disconnectUser(userId: number, reason: string): Promise<void> {
    if (!this.server) return;
    this.toUser(userId, 'session:revoked', { reason });
    await this.server.in(rooms.user(userId)).disconnectSockets(true);
  }
}
