import { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { ServerOptions, Server } from 'socket.io';
import { connectRedis, RedisClient } from '../redis/redis.module';

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

  constructor(
    app: INestApplicationContext,
    private readonly redisUrl: string,
    private readonly channelPrefix: string,
  ) {
    super(app);
  }

  async connect(): Promise<void> {
    this.pub = await connectRedis(this.redisUrl);
    this.sub = this.pub.duplicate();
    this.sub.on('error', () => undefined);
    await this.sub.connect();
  }

  createIOServer(port: number, options?: ServerOptions): Server {
    const server: Server = super.createIOServer(port, {
      ...options,
      cors: undefined,
      transports: ['websocket', 'polling'],
      serveClient: false,
    });
    server.adapter(createAdapter(this.pub, this.sub, { key: this.channelPrefix }));
    return server;
  }

  async dispose(): Promise<void> {
    await Promise.all([this.pub, this.sub].map((c) => (c?.isOpen ? c.quit().catch(() => undefined) : undefined)));
  }
}

/** The adapter's channel prefix: every deployment (and test file) gets its own. */
export const socketChannelPrefix = (redisPrefix: string) => `${redisPrefix}:socket.io`;
