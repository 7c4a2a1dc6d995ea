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
  private subId?: number;

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
    this.subId = await this.sub.clientId();
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
    });
    server.adapter(createAdapter(this.pub, this.sub, { key: this.channelPrefix }));
    return server;
  }

  async dispose(): Promise<void> {
    await Promise.all([this.pub, this.sub].map((c) => (c?.isOpen ? c.quit().catch(() => undefined) : undefined)));
  }
}
