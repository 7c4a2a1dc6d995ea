import { Emitter } from '@socket.io/redis-emitter';
import { rooms, type ServerToClientEvents } from '@gotnext/shared';
import { connectRedis, RedisClient } from '../redis/redis.module';
import { socketChannelPrefix } from './socket-channels';
import { PublishBatch } from './publish-batch';
import type { ServerEventName, ServerEventPayload } from './realtime-sink';
import { RoomEmitter } from './room-emitter';
import { closeRedis } from '../redis/close-redis';

/**
 * The worker's RealtimeSink (it has no Socket.IO server): publishes on the adapter's Redis
 * channels and every API instance delivers to its sockets.
 */
export class WorkerEmitter extends RoomEmitter {
  private constructor(
    private readonly client: RedisClient,
    private readonly batch: PublishBatch,
    private readonly emitter: Emitter<ServerToClientEvents>,
  ) {
    super();
  }

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

  protected disconnectRoom(room: string): void {
    this.emitter.in(room).disconnectSockets(true);
  }

  async leaveRoom(userId: number, room: string): Promise<void> {
    this.emitter.in(rooms.user(userId)).socketsLeave(room);
  }

  async close(): Promise<void> {
    this.batch.flush();
    await closeRedis(this.client);
  }
}
