import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { LEADERBOARD_SIZE, type LeaderboardPlayer } from '@gotnext/shared';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { REDIS, type RedisClient } from '../redis/redis.module';
import { touches, type LeaderboardChanges } from '../ratings/leaderboard-changes';
import { leaderboardChangesChannel } from '../ratings/leaderboards';
import { closeRedis } from '../redis/close-redis';

/** A safety net only: pages are dropped the moment a change reaches them. */
const MAX_AGE_MS = 30_000;
/** Pages kept per instance (about 10 kB each); the oldest go first. */
const MAX_PAGES = 1000;

interface Cached<T> {
  value: T;
  at: number;
}

/** A page of a board, with its JSON written once: most answers send it as it is. */
export interface BoardPage {
  players: LeaderboardPlayer[];
  json: string;
}

/**
 * The pages every viewer shares, kept in this API instance's memory (docs/leaderboards.md#caching):
 * a board page of 50 ranks and a board's size, per scope. Writers publish which positions they
 * moved (ratings/leaderboard-changes.ts); a page is dropped only when a change reaches its ranks,
 * so a rating change deep in the board leaves the top pages alone, and one in the top 50 is
 * visible on the next read, within milliseconds, on every instance.
 *
 * A page read while a change lands is not kept (its scope's generation moved), so a stale read
 * can never be cached after the message that made it stale. If the subscription drops, everything
 * is dropped when it comes back (messages sent meanwhile are lost).
 */
@Injectable()
export class LeaderboardCache implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Leaderboards');
  private readonly pages = new Map<string, Map<number, Cached<BoardPage>>>();
  private readonly sizes = new Map<string, Cached<number>>();
  private readonly inflight = new Map<string, Promise<unknown>>();
  private readonly generations = new Map<string, number>();
  private epoch = 0;
  private pageCount = 0;
  private subscriber?: RedisClient;

  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    const subscriber = this.redis.duplicate();
    subscriber.on('error', () => undefined);
    let connected = false;
    subscriber.on('ready', () => {
      // A reconnect: whatever was published while we were away is lost, so nothing cached is trusted.
      if (connected) this.apply({ all: true, scopes: [] });
      connected = true;
    });
    await subscriber.connect();
    await subscriber.subscribe(leaderboardChangesChannel(this.config.REDIS_PREFIX), (message) => {
      try {
        this.apply(JSON.parse(message) as LeaderboardChanges);
      } catch (err) {
        this.logger.error(`bad leaderboard change message: ${(err as Error).message}`);
        this.apply({ all: true, scopes: [] });
      }
    });
    this.subscriber = subscriber;
  }

  async onApplicationShutdown(): Promise<void> {
    await closeRedis(this.subscriber);
  }

  /** Page `page` (1-based) of a scope, from memory or built once for every concurrent reader. */
  page(scope: string, page: number, build: () => Promise<BoardPage>): Promise<BoardPage> {
    const cached = this.pages.get(scope)?.get(page);
    if (cached && Date.now() - cached.at < MAX_AGE_MS) return Promise.resolve(cached.value);
    return this.once(`page:${scope}:${page}`, scope, build, (value) => this.keepPage(scope, page, value));
  }

  /** How many players a scope lists. */
  size(scope: string, build: () => Promise<number>): Promise<number> {
    const cached = this.sizes.get(scope);
    if (cached && Date.now() - cached.at < MAX_AGE_MS) return Promise.resolve(cached.value);
    return this.once(`size:${scope}`, scope, build, (value) => this.sizes.set(scope, { value, at: Date.now() }));
  }

  /** Drops what the changes reached. */
  apply(changes: LeaderboardChanges): void {
    if (changes.all) {
      this.epoch += 1;
      this.pages.clear();
      this.sizes.clear();
      this.pageCount = 0;
      return;
    }
    for (const change of changes.scopes) {
      this.generations.set(change.scope, (this.generations.get(change.scope) ?? 0) + 1);
      if (change.resized) this.sizes.delete(change.scope);
      const pages = this.pages.get(change.scope);
      for (const page of pages?.keys() ?? []) {
        if (touches(change, (page - 1) * LEADERBOARD_SIZE, page * LEADERBOARD_SIZE - 1)) {
          pages!.delete(page);
          this.pageCount -= 1;
        }
      }
    }
  }

  private generation(scope: string): string {
    return `${this.epoch}:${this.generations.get(scope) ?? 0}`;
  }

  /** One build per key and generation: a reader who comes after a change never joins a read from before it. */
  private once<T>(what: string, scope: string, build: () => Promise<T>, keep: (value: T) => void): Promise<T> {
    const before = this.generation(scope);
    const key = `${what}@${before}`;
    const running = this.inflight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const promise = build()
      .then((value) => {
        if (this.generation(scope) === before) keep(value);
        return value;
      })
      .finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }

  private keepPage(scope: string, page: number, value: BoardPage): void {
    if (this.pageCount >= MAX_PAGES) this.evictOldest();
    let pages = this.pages.get(scope);
    if (!pages) this.pages.set(scope, (pages = new Map()));
    if (!pages.has(page)) this.pageCount += 1;
    pages.set(page, { value, at: Date.now() });
  }

  private evictOldest(): void {
    let oldest: { scope: string; page: number; at: number } | null = null;
    for (const [scope, pages] of this.pages) {
      for (const [page, entry] of pages) if (!oldest || entry.at < oldest.at) oldest = { scope, page, at: entry.at };
    }
    if (oldest && this.pages.get(oldest.scope)?.delete(oldest.page)) this.pageCount -= 1;
  }
}
