import { Logger } from '@nestjs/common';
import type { Server } from 'socket.io';
import { isRedisStalled, REDIS_ANSWERING, REDIS_STALLED, type RedisClient } from '../redis/redis.module';

/**
 * A client whose PUBLISH never rejects unhandled. The Socket.IO adapter and the Redis emitter
 * publish without awaiting; with the offline queue off, a publish while Redis is away rejects,
 * and an unhandled rejection would end the process. A push is best effort (clients poll and
 * reread), so a failed one is only counted.
 */
export function quietPublisher(client: RedisClient, onFailure: (err: unknown) => void): RedisClient {
  // Functions are bound once per property, not on every access: the adapter reaches through this
  // proxy on every push (docs/architecture.md#per-request-cost).
  const bound = new Map<string | symbol, { from: unknown; fn: unknown }>();
  return new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      const cached = bound.get(prop);
      if (cached && cached.from === value) return cached.fn;
      const fn =
        prop === 'publish' || prop === 'PUBLISH'
          ? (...args: unknown[]) => (value as (...a: unknown[]) => Promise<number>).apply(target, args).catch((err: unknown) => (onFailure(err), 0))
          : value.bind(target);
      bound.set(prop, { from: value, fn });
      return fn;
    },
  });
}

/**
 * Watches the adapter's Redis connections (docs/architecture.md#when-redis-is-away). When this
 * instance loses Redis, pushes can no longer reach its sockets, so each is told
 * (`system:degraded`: its live screens poll) and closed, and new handshakes are refused until
 * both connections are back; clients then reconnect and reread what they show. A Redis that
 * hangs with the connections open counts as lost too, from the moment the command client's
 * watchdog finds it (a PING unanswered for a second), until it answers again.
 */
export class RedisOutage {
  private readonly logger = new Logger('Realtime');
  private down = false;
  private server?: Server;

  constructor(private readonly clients: RedisClient[]) {
    for (const client of clients) {
      client.on('error', () => this.lost());
      client.on('reconnecting', () => this.lost());
      client.on('ready', () => this.maybeBack());
      client.on(REDIS_STALLED, () => this.lost());
      client.on(REDIS_ANSWERING, () => this.maybeBack());
    }
  }

  get isDown(): boolean {
    return this.down;
  }

  watch(server: Server): void {
    this.server = server;
  }

  private lost(): void {
    if (this.down) return;
    this.down = true;
    this.logger.warn("Redis unreachable: telling this instance's sockets to poll, refusing new ones until it is back");
    // Local only: the adapter cannot reach the other instances now; each one does this itself.
    this.server?.local.emit('system:degraded', { reason: 'redis' });
    this.server?.local.disconnectSockets(true);
  }

  private maybeBack(): void {
    if (!this.down || !this.clients.every((c) => c.isReady && !isRedisStalled(c))) return;
    this.down = false;
    this.logger.log('Redis reachable again: accepting sockets');
  }
}
