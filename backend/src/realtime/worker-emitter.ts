import { Emitter } from '@socket.io/redis-emitter';
import { rooms, type ServerToClientEvents } from '@gotnext/shared';
import { connectRedis, RedisClient } from '../redis/redis.module';
import { socketChannelPrefix } from './socket-channels';
import { PublishBatch } from './publish-batch';
import { sessionRoom, type RealtimeSink, type ServerEventName, type ServerEventPayload } from './realtime-sink';

/**
 * The worker's RealtimeSink (it has no Socket.IO server): publishes on the adapter's Redis
 * channels and every API instance delivers to its sockets.
 */
export class WorkerEmitter implements RealtimeSink {
  private constructor(
    private readonly client: RedisClient,
    private readonly batch: PublishBatch,
    private readonly emitter: Emitter<ServerToClientEvents>,
  ) {}

  static async connect(redisUrl: string, redisPrefix: string): Promise<WorkerEmitter> {
    const client = await connectRedis(redisUrl);
    // The pushes of one turn go out as one script call (publish-batch.ts); a push while Redis is
    // away is dropped, not left to reject unhandled (best effort, docs/realtime.md).
    const batch = new PublishBatch(client, () => undefined);
    return new WorkerEmitter(client, batch, new Emitter<ServerToClientEvents>(batch, { key: socketChannelPrefix(redisPrefix) }));
  }

  toRoom<E extends ServerEventName>(room: string | string[], event: E, payload: ServerEventPayload<E>): void {
    (this.emitter.to(room).emit as (ev: string, p: unknown) => boolean)(event, payload);
  }

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
    this.emitter.in(room).disconnectSockets(true);
  }

  async leaveRoom(userId: number, room: string): Promise<void> {
    this.emitter.in(rooms.user(userId)).socketsLeave(room);
  }

  async close(): Promise<void> {
    this.batch.flush();
    if (this.client.isOpen) await this.client.quit().catch(() => undefined);
  }
}
