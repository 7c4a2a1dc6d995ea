import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Worker, type Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/env';
import { bullConnection, bullPrefix, QUEUES, QUEUE_TOKENS, type MatchDeadlineJob, type RatingJob } from '../jobs/queues';
import { Notifier } from '../notifications/notifier';
import { WorkerEmitter } from '../realtime/worker-emitter';
import { MatchEffects } from './match-effects';
import { MatchDeadlinesHandler } from './match-deadlines.handler';

/** Runs the delayed match deadlines in the worker process. */
@Injectable()
export class MatchDeadlinesProcessor implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('MatchDeadlines');
  private worker?: Worker<MatchDeadlineJob>;
  private emitter?: WorkerEmitter;
  handler: MatchDeadlinesHandler;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly db: DataSource,
    @Inject(QUEUE_TOKENS[QUEUES.rating]) private readonly ratingQueue: Queue<RatingJob>,
    @Inject(QUEUE_TOKENS[QUEUES.matchDeadlines]) private readonly deadlineQueue: Queue<MatchDeadlineJob>,
  ) {}

  async onModuleInit(): Promise<void> {
    this.emitter = await WorkerEmitter.connect(this.config.REDIS_URL, this.config.REDIS_PREFIX);
    const fx = new MatchEffects(new Notifier(this.emitter), this.emitter, this.ratingQueue, this.deadlineQueue);
    this.handler = new MatchDeadlinesHandler(this.db, fx);
    this.worker = new Worker<MatchDeadlineJob>(QUEUES.matchDeadlines, async (job) => {
      const outcome = await this.handler.handle(job.data);
      this.logger.log(`deadline ${job.id}: ${outcome}`);
      return outcome;
    }, { connection: bullConnection(this.config.REDIS_URL), prefix: bullPrefix(this.config.REDIS_PREFIX), concurrency: 5 });
    this.worker.on('error', (err) => this.logger.error(`deadline worker error: ${err.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.emitter?.close();
  }
}
