import { INestApplicationContext } from '@nestjs/common';
import type { MessageMappingProperties } from '@nestjs/websockets';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { filter, type Observable } from 'rxjs';
import { createAdapter, createShardedAdapter } from '@socket.io/redis-adapter';
import { connectRedisCluster, type RedisClusterClient } from '../redis/redis-cluster';
import type { IncomingMessage } from 'node:http';
import type { ServerOptions, Server } from 'socket.io';
import { REDIS, RedisClient } from '../redis/redis.module';
import { SOCKET_LIMITS } from './socket-limits';
import { quietPublisher, RedisOutage } from './redis-outage';
import { releaseUpgradeRequests } from './socket-memory';
import { SocketFastPath } from './socket-fast-path';
import { writeOncePerTurn } from './socket-writes';
import { pushesInRedisOrder } from './pushes-in-redis-order';
import { closeRedis } from '../redis/close-redis';

/**
 * Whether a page of `origin` may open a socket (docs/realtime.md#handshake): the CORS allowlist
 * (CORS_ORIGINS, plus PUBLIC_URL's origin) or the API's own host (the SPA it serves); a request
 * with no Origin is not from a browser page. WebSockets are not subject to CORS, so without this
 * any web page could open a socket with a visitor's token.
 */
export function originAllowed(origin: string | undefined, host: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (!origin) return true;
  if (allowed.has(origin)) return true;
  try {
    const u = new URL(origin);
    // Behind nginx, Host is forwarded without the port ($host).
    return !!host && (u.host === host || (!host.includes(':') && u.hostname === host));
  } catch {
    return false;
  }
}

/** The socket type of Nest's own socket.io copy, which runs the server. */
type Socket = Parameters<IoAdapter['bindMessageHandlers']>[0];
/** A gateway handler as Nest binds it to one socket: (payload, ack) => result. */
type Handler = (data: unknown, ack: unknown) => unknown;
const HANDLERS = Symbol('gateway handlers');
type HandlerTable = { [HANDLERS]?: Handler[] };

/**
 * Socket.IO on the Redis adapter, so several API instances behind a load balancer act as one:
 * an emit to a room on any instance reaches sockets on every instance.
 *
 * The classic (PUBLISH/PSUBSCRIBE) adapter rather than the sharded one: the worker emits through
 * @socket.io/redis-emitter, which speaks only the classic protocol. With REDIS_CLUSTER_NODES the
 * sharded adapter runs on the cluster instead, and the worker uses ShardedEmitter
 * (docs/scaling.md#redis-cluster).
 */
export class RedisIoAdapter extends IoAdapter {
  private pub?: RedisClient;
  private sub?: RedisClient;
  private subId?: number;
  private outage?: RedisOutage;
  private transform?: (data: unknown) => Observable<unknown>;
  /** Each gateway event's index in a socket's handler array, and whether its handler acks by hand. */
  private readonly slots = new Map<string, number>();
  private readonly ackByHand: boolean[] = [];
  /** One listener per gateway event, shared by every socket (bindMessageHandlers). */
  private readonly listeners = new Map<string, (...args: unknown[]) => void>();
  /** The events taken past Nest's per-call pipeline (SocketFastPath); resolved at the first socket. */
  private fastPath?: SocketFastPath | null;
  /** On a Redis Cluster: its publisher and subscriber (the app's commands stay on REDIS_URL). */
  private clusterPub?: RedisClusterClient;
  private clusterSub?: RedisClusterClient;
  /** The sharded adapter's own response channel, subscribed once the adapter listens. */
  private responseChannel?: string;

  constructor(
    private readonly app: INestApplicationContext,
    private readonly channelPrefix: string,
    private readonly allowedOrigins: ReadonlySet<string>,
    private readonly clusterNodes?: string,
  ) {
    super(app);
  }

  /**
   * Pushes are published on the app's own command client (REDIS), not on a connection of their
   * own (docs/realtime.md#fan-out): node-redis sends what a turn of the event loop queued on a
   * client in one write, so a change's cache invalidation and its push (`match.changed`: the
   * match-details version bump and `match:changed`, issued in the same turn) leave in one write
   * instead of one on each connection, and Redis applies them in the order they were issued, with
   * no other client's command between them. A write to Redis was ~150–200 µs of an API's CPU on
   * this machine (docs/scaling.md#what-one-change-costs). The subscriber stays a connection of its
   * own, as it must.
   */
  async connect(): Promise<void> {
    this.pub = this.app.get<RedisClient>(REDIS, { strict: false });
    this.sub = this.pub.duplicate();
    this.sub.on('error', () => undefined);
    await this.sub.connect();
    this.subId = await this.sub.clientId();
    this.outage = new RedisOutage([this.pub, this.sub]);
    if (this.clusterNodes) {
      this.clusterPub = await connectRedisCluster(this.clusterNodes);
      const sub = (this.clusterSub = await connectRedisCluster(this.clusterNodes));
      // The sharded adapter unsubscribes without catching (a room emptied, the server closing after
      // this client closed): a rejection there would be unhandled and crash the process.
      const unsubscribe = sub.sUnsubscribe.bind(sub);
      sub.sUnsubscribe = ((...args: Parameters<typeof unsubscribe>) => unsubscribe(...args).catch(() => undefined)) as typeof sub.sUnsubscribe;
    }
  }

  /**
   * Resolves once the adapter's pattern and channel subscriptions are active on Redis. The adapter
   * subscribes without letting anyone await it; an instance that accepted sockets before then
   * could miss the first events other instances publish. Best effort where CLIENT LIST is
   * disabled (some managed Redis services).
   */
  async waitUntilListening(timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    if (this.clusterPub) return this.waitUntilShardListening(deadline);
    while (Date.now() < deadline) {
      let info: string;
      try {
        info = String(await this.pub!.sendCommand(['CLIENT', 'LIST', 'ID', String(this.subId)]));
      } catch {
        return;
      }
      const count = (name: string) => Number(new RegExp(`(?:^| )${name}=(\\d+)`).exec(info)?.[1] ?? 0);
      if (count('psub') >= 1 && count('sub') >= 1) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('The Socket.IO Redis adapter did not subscribe in time.');
  }

  /** The sharded adapter: once its response channel (subscribed last) counts a subscriber on its shard. */
  private async waitUntilShardListening(deadline: number): Promise<void> {
    const channel = this.responseChannel!;
    while (Date.now() < deadline) {
      const reply = (await this.clusterPub!.sendCommand(channel, true, ['PUBSUB', 'SHARDNUMSUB', channel])) as unknown[];
      if (Number(reply[1]) >= 1) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('The Socket.IO sharded Redis adapter did not subscribe in time.');
  }

  createIOServer(port: number, options?: ServerOptions): Server {
    const server: Server = super.createIOServer(port, {
      ...options,
      cors: undefined,
      transports: ['websocket', 'polling'],
      serveClient: false,
      // Our messages are a room name and an ack; anything bigger closes the connection.
      maxHttpBufferSize: SOCKET_LIMITS.maxMessageBytes,
      allowRequest: (req: IncomingMessage, done: (err: string | null | undefined, ok: boolean) => void) =>
        done(null, originAllowed(req.headers.origin, req.headers.host, this.allowedOrigins)),
    });
    if (this.clusterPub) {
      // Its own pushes reach its sockets at once, as the classic adapter's would: pushes-in-redis-order.ts
      // knows only the classic protocol (docs/scaling.md#redis-cluster).
      server.adapter(createShardedAdapter(this.clusterPub, this.clusterSub, { channelPrefix: this.channelPrefix }));
      this.responseChannel = (server.of('/').adapter as unknown as { responseChannel: string }).responseChannel;
    } else {
      const publisher = quietPublisher(this.pub!, () => undefined);
      const classic = createAdapter(publisher, this.sub, { key: this.channelPrefix });
      // Its own pushes reach its sockets when Redis hands them back, in Redis' order (pushes-in-redis-order.ts).
      // Socket.IO calls it with `new`: a plain function returning the adapter, not an arrow.
      server.adapter(function inRedisOrder(nsp: Parameters<typeof classic>[0]) {
        return pushesInRedisOrder(classic(nsp));
      } as typeof classic);
    }
    releaseUpgradeRequests(server);
    writeOncePerTurn(server);
    this.outage!.watch(server);
    // While Redis is away no push could reach a new socket: refuse it (the client retries).
    server.use((_socket, next) => next(this.outage!.isDown ? new Error('Service unavailable') : undefined));
    return server;
  }

  /**
   * Nest's own binding builds an rxjs chain (fromEvent, mergeMap, takeUntil a shared disconnect
   * stream) per socket per handler: several KiB of every idle socket with our ~10 handlers
   * (bench/sockets.bench.mjs, docs/realtime.md#memory-per-socket). Here each event has one
   * listener, the same function for every socket (an emitter calls it with the socket as `this`;
   * not `onAny`, which runs before the socket's middlewares, SocketLimits), and a socket keeps only
   * the handler functions Nest bound to it, in one array indexed by event. It answers exactly as
   * Nest does: a `{ event, data }` result is emitted, anything else non-nil goes to the ack.
   */
  bindMessageHandlers(socket: Socket, handlers: MessageMappingProperties[], transform: (data: unknown) => Observable<unknown>): void {
    // Nest's transform is the same function for every socket (it only reads the controller).
    this.transform ??= transform;
    if (this.fastPath === undefined) {
      try {
        this.fastPath = this.app.get(SocketFastPath, { strict: false });
      } catch {
        this.fastPath = null;
      }
    }
    const withTable = socket as Socket & HandlerTable;
    withTable[HANDLERS] ??= [];
    for (const { message, callback, isAckHandledManually } of handlers) {
      const event = message as string;
      let slot = this.slots.get(event);
      if (slot === undefined) this.slots.set(event, (slot = this.slots.size));
      // Two gateways on one event would share a slot; events are unique today, refuse otherwise.
      if (withTable[HANDLERS][slot]) throw new Error(`Two gateway handlers for the socket event "${event}".`);
      withTable[HANDLERS][slot] = callback as Handler;
      this.ackByHand[slot] = !!isAckHandledManually;
      socket.on(event, this.listenerFor(event));
    }
  }

  private listenerFor(event: string): (...args: unknown[]) => void {
    let listener = this.listeners.get(event);
    if (!listener) {
      const dispatch = (socket: Socket, args: unknown[]) => this.dispatch(socket, event, args);
      listener = function (this: Socket, ...args: unknown[]) {
        dispatch(this, args);
      };
      this.listeners.set(event, listener);
    }
    return listener;
  }

  private dispatch(socket: Socket, event: string, args: unknown[]): void {
    const slot = this.slots.get(event)!;
    const handler = (socket as HandlerTable)[HANDLERS]![slot];
    // As rxjs' fromEvent hands Nest's binding its payload: one argument as is, several as an array.
    const { data, ack } = this.mapPayload(args.length === 1 ? args[0] : args);
    // The chat sends skip Nest's wrapping: same handler, same acks (docs/realtime.md#the-chat-fast-path).
    if (this.fastPath?.has(event)) return this.fastPath.run(event, socket as never, data, ack);
    this.transform!(handler(data, ack))
      .pipe(filter((response) => response !== null && response !== undefined))
      .subscribe((response) => {
        const r = response as { event?: string; data?: unknown };
        if (r.event) return void socket.emit(r.event, r.data);
        if (!this.ackByHand[slot] && typeof ack === 'function') (ack as (r: unknown) => void)(response);
      });
  }

  /** Closes the subscriber; the publisher is the app's client, RedisModule's to close. */
  async dispose(): Promise<void> {
    await closeRedis(this.sub);
    await Promise.all([this.clusterPub, this.clusterSub].map((c) => c?.close().catch(() => undefined)));
  }
}
