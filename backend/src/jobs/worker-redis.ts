import IORedis, { type RedisOptions } from 'ioredis';
import { closeHandler } from 'ioredis/built/redis/event_handler';

/**
 * A worker's ioredis client that can always be closed. ioredis' disconnect() ends a client that
 * never connected at once, but one waiting between two reconnect attempts only loses its timer:
 * it has no socket whose close would end it, so it emits no 'end' and its queued commands (the
 * blocking BZPOPMIN) never settle. BullMQ's Worker.close() awaits both, so a worker closed in that
 * second (a Redis restart, or an outage) hung for ever: worker-reconnect.int-spec.ts's teardown,
 * and a SIGTERM'd worker during an outage. This client ends the way a closed socket would.
 */
export class WorkerRedis extends IORedis {
  override disconnect(reconnect = false): void {
    const parked = !reconnect && this.status === 'reconnecting';
    super.disconnect(reconnect);
    if (parked) closeHandler(this)();
  }

  /** BullMQ makes each worker's blocking client by duplicating the one it is given. */
  override duplicate(override?: Partial<RedisOptions>): WorkerRedis {
    return new WorkerRedis({ ...this.options, ...override });
  }
}
