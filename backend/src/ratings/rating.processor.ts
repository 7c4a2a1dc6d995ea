import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Worker } from 'bullmq';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/env';
import { bullConnection, bullPrefix, QUEUES, type RatingJob } from '../jobs/queues';
import { REDIS, type RedisClient } from '../redis/redis.module';
import { applyPendingRatings } from './rating-applier';
import { refreshLeaderboards } from './leaderboard-sets';

/** Applies completed ranked matches to the overall pool, then updates the leaderboard sets. */
@Injectable()
export class RatingProcessor implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('RatingProcessor');
  private worker?: Worker<RatingJob>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: RedisClient,
  ) {}

  onModuleInit(): void {
    this.worker = new Worker<RatingJob>(QUEUES.rating, (job) => this.handle(job.data), {
      connection: bullConnection(this.config.REDIS_URL),
      prefix: bullPrefix(this.config.REDIS_PREFIX),
      concurrency: 1,
    });
    this.worker.on('failed', (job, err) => this.logger.warn(`rating job ${job?.id} failed (attempt ${job?.attemptsMade}): ${err.message}`));
    this.worker.on('error', (err) => this.logger.error(`rating worker error: ${err.message}`));
  }

  /** Safe to run any number of times for the same match: only the first run changes anything. */
  async handle(job: RatingJob): Promise<number[]> {
    const changed = await this.db.transaction((m) => applyPendingRatings(m, job.matchId));
    // After commit, and also when nothing changed: a retry after a Redis hiccup repairs the sets.
    const players: { user_id: number }[] = await this.db.query(`SELECT user_id FROM match_players WHERE match_id = $1`, [job.matchId]);
    await refreshLeaderboards(this.redis, this.config, this.db, [...new Set([...changed, ...players.map((p) => p.user_id)])]);
    return changed;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
