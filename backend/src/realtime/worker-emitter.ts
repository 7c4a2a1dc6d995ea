import { Emitter } from '@socket.io/redis-emitter';
import type { ServerToClientEvents } from '@gotnext/shared';
import { rooms } from '@gotnext/shared';
import { connectRedis, RedisClient } from '../redis/redis.module';
import { socketChannelPrefix } from './redis-io.adapter';

type EventName = keyof ServerToClientEvents & string;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/**
 * How the worker (no Socket.IO server of its own) pushes events: it publishes on the adapter's
 * Redis channels and every API instance delivers to its sockets.
 */
export class WorkerEmitter {
  private constructor(private readonly client: RedisClient, private readonly emitter: Emitter<ServerToClientEvents>) {}

  static async connect(redisUrl: string, redisPrefix: string): Promise<WorkerEmitter> {
    const client = await connectRedis(redisUrl);
    return new WorkerEmitter(client, new Emitter<ServerToClientEvents>(client, { key: socketChannelPrefix(redisPrefix) }));
  }

  toUser<E extends EventName>(userId: number, event: E, payload: Payload<E>): void {
    (this.emitter.to(rooms.user(userId)).emit as (ev: string, p: unknown) => boolean)(event, payload);
  }

  toRoom<E extends EventName>(room: string, event: E, payload: Payload<E>): void {
    (this.emitter.to(room).emit as (ev: string, p: unknown) => boolean)(event, payload);
  }

  async close(): Promise<void> {
    if (this.client.isOpen) await this.client.quit().catch(() => undefined);
  }
}
