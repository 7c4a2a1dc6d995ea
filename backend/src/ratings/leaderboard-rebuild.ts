import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { REDIS, type RedisClient } from '../redis/redis.module';
import { leaderboardKeyBase, Leaderboards } from './leaderboards';
import { runScript } from '../redis/run-script';
import { CLEAR_SCRIPT } from './leaderboard-scripts';
import { RatingEngineUpgrade } from './rating-engine-upgrade';
import { RatingsRepository } from './ratings.repository';

/** Bumped whenever what the sets hold changes shape; sets of another format are rebuilt. */
export const LEADERBOARD_FORMAT = '2';
const BATCH = 5000;
const SCRIPT_BATCH = 500;
const LOCK_MS = 15 * 60 * 1000;

/**
 * Rebuilds the leaderboard sets from PostgreSQL when Redis does not hold them in the current format
 * (first start, an older format, a Redis that lost its data; docs/leaderboards.md#storage). Runs in
 * the worker at boot, in the background; a lock keeps a second worker out. Players written by a
 * live refresh during the rebuild are newer than the batch and are kept.
 */
@Injectable()
export class LeaderboardRebuild implements OnApplicationBootstrap {
  private readonly logger = new Logger('Leaderboards');
  private readonly base: string;

  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly ratings: RatingsRepository,
    private readonly leaderboards: Leaderboards,
    private readonly engineUpgrade: RatingEngineUpgrade,
  ) {
    this.base = leaderboardKeyBase(config.REDIS_PREFIX);
  }

  /** Ratings of an older engine are rewritten first; the sets then hold what the rewrite gave. */
  onApplicationBootstrap(): void {
    this.engineUpgrade
      .run()
      .then((upgraded) => this.ensureBuilt(upgraded))
      .catch((err: Error) => this.logger.error(`leaderboard rebuild failed: ${err.message}`));
  }

  /** Rebuilds unless the sets are current (or `force`) or another process is at it; true when this call rebuilt. */
  async ensureBuilt(force = false): Promise<boolean> {
    if (!force && (await this.redis.get(`${this.base}format`)) === LEADERBOARD_FORMAT) return false;
    const lock = `${this.base}rebuild-lock`;
    if ((await this.redis.set(lock, String(process.pid), { NX: true, PX: LOCK_MS })) !== 'OK') return false;
    try {
      const started = Date.now();
      await runScript(this.redis, CLEAR_SCRIPT, [], [this.base, lock]);
      let players = 0;
      // The next batch is read from PostgreSQL while this one is written to Redis; a batch's
      // scripts go out together (node-redis pipelines them).
      let next = this.ratings.listedAfter(0, BATCH);
      for (;;) {
        const batch = await next;
        if (!batch.length) break;
        next = this.ratings.listedAfter(batch[batch.length - 1].id, BATCH);
        const scripts = [];
        for (let i = 0; i < batch.length; i += SCRIPT_BATCH) scripts.push(this.leaderboards.addMissing(batch.slice(i, i + SCRIPT_BATCH)));
        await Promise.all(scripts);
        players += batch.length;
      }
      await this.redis.set(`${this.base}format`, LEADERBOARD_FORMAT);
      await this.leaderboards.publish({ all: true, scopes: [] });
      this.logger.log(`leaderboards rebuilt from PostgreSQL: ${players} players in ${Date.now() - started} ms`);
      return true;
    } finally {
      await this.redis.del(lock);
    }
  }
}
