import { Injectable } from '@nestjs/common';
import type { Server } from 'socket.io';
import { rooms, type ClientToServerEvents, type ServerToClientEvents } from '@gotnext/shared';
import type { DeliverySettled } from '../events/event-bus';
import type { OrderedAdapter } from './pushes-in-redis-order';
import { sessionRoom, type RealtimeSink, type ServerEventName, type ServerEventPayload } from './realtime-sink';

const NOTHING_PENDING = Promise.resolve();

type TypedServer = Server<ClientToServerEvents, ServerToClientEvents>;

/**
 * The API's RealtimeSink: emits through the Socket.IO server, whose Redis adapter carries the
 * event to every API instance; services never touch sockets themselves.
 */
@Injectable()
export class RealtimePublisher implements RealtimeSink, DeliverySettled {
  private server?: TypedServer;

  attach(server: TypedServer): void {
    this.server = server;
  }

  toRoom<E extends ServerEventName>(room: string | string[], event: E, payload: ServerEventPayload<E>): void {
    if (!this.server) return; // the gateway is not initialised yet: nobody is connected here
    (this.server.to(room).emit as (ev: string, p: unknown) => boolean)(event, payload);
  }

  toUser<E extends ServerEventName>(userId: number, event: E, payload: ServerEventPayload<E>): void {
    this.toRoom(rooms.user(userId), event, payload);
  }

  toUsers<E extends ServerEventName>(userIds: number[], event: E, payload: ServerEventPayload<E>): void {
    this.toRoom(userIds.map(rooms.user), event, payload);
  }

  /**
   * Settles once Redis has taken every push made so far (the PUBLISH of the latest: Redis answers
   * in order; RedisIoAdapter's adapter tracks it); never rejects. The event bus waits for it.
   */
  taken(): Promise<unknown> {
    return (this.server?.sockets.adapter as Partial<OrderedAdapter> | undefined)?.lastPublish ?? NOTHING_PENDING;
  }

  async disconnectUser(userId: number, reason: string): Promise<void> {
    await this.closeRoom(rooms.user(userId), reason);
  }

  async disconnectSession(sessionId: string, reason: string): Promise<void> {
    await this.closeRoom(sessionRoom(sessionId), reason);
  }

  private async closeRoom(room: string, reason: string): Promise<void> {
    if (!this.server) return;
    this.toRoom(room, 'session:revoked', { reason });
    await this.server.in(room).disconnectSockets(true);
  }

  /**
   * Here at once, then on every instance over Redis. The adapter applies its own request here only
   * when Redis hands it back; leaving at once also delivers first what this instance pushed before
   * (pushes-in-redis-order.ts), so the member still gets those and none made after. On every
   * instance the request arrives before any later push, since both travel in order on the one
   * publishing connection.
   */
  async leaveRoom(userId: number, room: string): Promise<void> {
    if (!this.server) return;
    this.server.local.in(rooms.user(userId)).socketsLeave(room);
    this.server.in(rooms.user(userId)).socketsLeave(room);
  }
}
