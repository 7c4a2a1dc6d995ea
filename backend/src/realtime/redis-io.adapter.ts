import { INestApplicationContext } from '@nestjs/common';
import type { MessageMappingProperties } from '@nestjs/websockets';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { filter, type Observable } from 'rxjs';
import { createAdapter } from '@socket.io/redis-adapter';
import type { IncomingMessage } from 'node:http';
import type { ServerOptions, Server } from 'socket.io';
import { connectRedis, RedisClient } from '../redis/redis.module';
import { SOCKET_LIMITS } from './socket-limits';
import { quietPublisher, RedisOutage } from './redis-outage';

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

/**
 * Socket.IO on the Redis adapter, so several API instances behind a load balancer act as one:
 * an emit to a room on any instance reaches sockets on every instance.
 *
 * The classic (PUBLISH/PSUBSCRIBE) adapter rather than the sharded one: the worker emits through
 * @socket.io/redis-emitter, which speaks only the classic protocol.
 */
export class RedisIoAdapter extends IoAdapter {
  private pub?: RedisClient;
  private sub?: RedisClient;
  private subId?: number;
  private outage?: RedisOutage;

  constructor(
    app: INestApplicationContext,
    private readonly redisUrl: string,
    private readonly channelPrefix: string,
    private readonly allowedOrigins: ReadonlySet<string>,
  ) {
    super(app);
  }

  async connect(): Promise<void> {
    this.pub = await connectRedis(this.redisUrl);
    this.sub = this.pub.duplicate();
    this.sub.on('error', () => undefined);
    await this.sub.connect();
    this.subId = await this.sub.clientId();
    this.outage = new RedisOutage([this.pub, this.sub]);
  }

  /**
   * Resolves once the adapter's pattern and channel subscriptions are active on Redis. The adapter
   * subscribes without letting anyone await it; an instance that accepted sockets before then
   * could miss the first events other instances publish. Best effort where CLIENT LIST is
   * disabled (some managed Redis services).
   */
  async waitUntilListening(timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
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
    const publisher = quietPublisher(this.pub!, () => undefined);
    server.adapter(createAdapter(publisher, this.sub, { key: this.channelPrefix }));
    this.outage!.watch(server);
    // While Redis is away no push could reach a new socket: refuse it (the client retries).
    server.use((_socket, next) => next(this.outage!.isDown ? new Error('Service unavailable') : undefined));
    return server;
  }

  /**
   * Nest's own binding builds an rxjs chain (fromEvent, mergeMap, takeUntil a shared disconnect
   * stream) per socket per handler: several KiB of every idle socket with our ~10 handlers
   * (bench/sockets.bench.mjs, docs/realtime.md#memory-per-socket). This binds one plain listener
   * per handler and answers exactly as Nest does: a `{ event, data }` result is emitted, anything
   * else non-nil goes to the ack. (Nest binds each handler to its socket, so the listener cannot be
   * shared between sockets; a closure is still far smaller than the chain.)
   */
  bindMessageHandlers(socket: Socket, handlers: MessageMappingProperties[], transform: (data: unknown) => Observable<unknown>): void {
    for (const { message, callback, isAckHandledManually } of handlers) {
      socket.on(message as string, (...args: unknown[]) => {
        // As rxjs' fromEvent hands Nest's binding its payload: one argument as is, several as an array.
        const { data, ack } = this.mapPayload(args.length === 1 ? args[0] : args);
        transform(callback(data, ack))
          .pipe(filter((response) => response !== null && response !== undefined))
          .subscribe((response) => {
            const r = response as { event?: string; data?: unknown };
            if (r.event) return void socket.emit(r.event, r.data);
            if (!isAckHandledManually && typeof ack === 'function') (ack as (r: unknown) => void)(response);
          });
      });
    }
  }

  async dispose(): Promise<void> {
    await Promise.all([this.pub, this.sub].map((c) => (c?.isOpen ? c.quit().catch(() => undefined) : undefined)));
  }
}
