import { rooms } from '@gotnext/shared';
import { connectRedisCluster, type RedisClusterClient } from '../redis/redis-cluster';
import type { ServerEventName, ServerEventPayload } from './realtime-sink';
import { RoomEmitter } from './room-emitter';

/** socket.io-adapter's ClusterAdapter message types this emitter sends. */
const BROADCAST = 3;
const SOCKETS_LEAVE = 5;
const DISCONNECT_SOCKETS = 6;
/** socket.io-parser's EVENT packet. */
const EVENT = 2;
const NSP = '/';
/** Messages of every emitter carry this uid; no adapter has it, so none takes them for its own. */
const UID = 'emitter';

/**
 * The worker's RealtimeSink on a Redis Cluster (docs/scaling.md#redis-cluster): @socket.io/redis-emitter
 * speaks only the classic adapter's PUBLISH protocol, so this publishes what
 * @socket.io/redis-adapter 8's sharded adapter (createShardedAdapter, default "dynamic"
 * subscription mode) publishes: SPUBLISH of a JSON message on `{prefix}#/#{room}#` for a broadcast
 * to one room (only the instances with a socket in it subscribe there), on `{prefix}#/#` for
 * anything else. Our payloads are JSON, never binary, so JSON is the encoding the adapter would pick.
 */
export class ShardedEmitter extends RoomEmitter {
  private readonly channel: string;

  constructor(
    private readonly client: RedisClusterClient,
    channelPrefix: string,
  ) {
    super();
    this.channel = `${channelPrefix}#${NSP}#`;
  }

  static async connect(nodes: string, channelPrefix: string): Promise<ShardedEmitter> {
    return new ShardedEmitter(await connectRedisCluster(nodes), channelPrefix);
  }

  toRoom<E extends ServerEventName>(room: string | string[], event: E, payload: ServerEventPayload<E>): void {
    const list = Array.isArray(room) ? room : [room];
    if (!list.length) return;
    const packet = { type: EVENT, data: [event, payload], nsp: NSP };
    this.publish(list.length === 1 ? `${this.channel}${list[0]}#` : this.channel, BROADCAST, { packet, opts: this.opts(list) });
  }

  async leaveRoom(userId: number, room: string): Promise<void> {
    this.publish(this.channel, SOCKETS_LEAVE, { opts: this.opts([rooms.user(userId)]), rooms: [room] });
  }

  protected disconnectRoom(room: string): void {
    // On the namespace channel, after the event RoomEmitter sent on the room's: each shard keeps its own order, so
    // the event is not guaranteed to arrive first (see docs/scaling.md#redis-cluster).
    this.publish(this.channel, DISCONNECT_SOCKETS, { opts: this.opts([room]), close: true });
  }

  private opts(roomList: string[]) {
    return { rooms: roomList, except: [] as string[], flags: {} };
  }

  private publish(channel: string, type: number, data: object): void {
    // Best effort like every push (docs/realtime.md): a push while the cluster is away is dropped.
    this.client.sPublish(channel, JSON.stringify({ uid: UID, nsp: NSP, type, data })).catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.client.close().catch(() => undefined);
  }
}
