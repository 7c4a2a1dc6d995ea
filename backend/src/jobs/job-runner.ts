import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { Job, Worker } from 'bullmq';
import { APP_CONFIG, AppConfig } from '../config/env';
import { JOB_HANDLER, type JobHandlerMeta, type JobProcessor } from './job-handler';
import type { WorkerRedis } from './worker-redis';
import { bullPrefix, QUEUES, workerConnection, WORKER_RUN_RETRY_MS, type QueueName } from './queues';

interface Bound {
  meta: JobHandlerMeta;
  name: string;
  handler: JobProcessor<QueueName>;
}

/**
 * Runs every queue's handler in the worker process: the one place that owns BullMQ workers, their
 * connections, prefix and concurrency, their logs, and their shutdown (docs/jobs.md).
 *
 * At boot it checks that each queue of QUEUES has exactly one @JobHandler provider and refuses to
 * start otherwise, naming the queue. On SIGTERM (beforeApplicationShutdown) it lets the jobs in
 * hand finish before anything they use (PostgreSQL, Redis, the OCR engine) closes.
 */
@Injectable()
export class JobRunner implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly workers: { worker: Worker; redis: WorkerRedis }[] = [];
  private bound: Bound[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Finds the handlers and checks the queue ↔ handler table before anything starts. */
  onModuleInit(): void {
    const instances = new Set<unknown>();
    this.bound = this.discovery
      .getProviders()
      .filter((w) => w.metatype && w.instance && Reflect.getMetadata(JOB_HANDLER, w.metatype) && !instances.has(w.instance) && instances.add(w.instance))
      .map((w) => ({ meta: Reflect.getMetadata(JOB_HANDLER, w.metatype!) as JobHandlerMeta, name: w.metatype!.name, handler: w.instance as JobProcessor<QueueName> }));
    assertOneHandlerPerQueue(this.bound.map((b) => ({ queue: b.meta.queue, name: b.name })));
  }

  onApplicationBootstrap(): void {
    for (const b of this.bound) this.workers.push(this.start(b));
    this.logger.log(`running queues: ${this.bound.map((b) => `${b.meta.queue} (${b.name}, concurrency ${b.meta.concurrency})`).join(', ')}`);
  }

  private start({ meta, handler }: Bound): { worker: Worker; redis: WorkerRedis } {
    const redis = workerConnection(this.config.REDIS_URL);
    const worker = new Worker(meta.queue, (job: Job) => handler.handle(job.data, job), {
      connection: redis,
      prefix: bullPrefix(this.config.REDIS_PREFIX),
      concurrency: meta.concurrency,
      runRetryDelay: WORKER_RUN_RETRY_MS,
    });
    // Ids and outcomes only: job data can hold an address and a live link.
    worker.on('completed', (job, result) => this.logger.log(`${meta.queue} job ${job.id} done${typeof result === 'string' && result.length <= 40 ? `: ${result}` : ''}`));
    worker.on('failed', (job, err) => {
      this.logger.warn(`${meta.queue} job ${job?.id} failed (attempt ${job?.attemptsMade}): ${err.message}`);
      if (job && handler.onFinalFailure && job.attemptsMade >= (job.opts.attempts ?? 1)) {
        handler.onFinalFailure(job.data, err).catch((e: Error) => this.logger.error(`${meta.queue} job ${job.id} could not be closed after its last attempt: ${e.message}`));
      }
    });
    worker.on('error', (err) => this.logger.error(`${meta.queue} worker error: ${err.message}`));
    return { worker, redis };
  }

  async beforeApplicationShutdown(): Promise<void> {
    // A client given to BullMQ is the giver's to close, once the worker has let its jobs finish.
    await Promise.all(this.workers.map(({ worker, redis }) => worker.close().finally(() => redis.disconnect())));
  }
}

/** Every queue has exactly one handler; otherwise the worker stops at boot with a line that says which. */
export function assertOneHandlerPerQueue(handlers: { queue: string; name: string }[]): void {
  const problems: string[] = [];
  for (const queue of Object.values(QUEUES)) {
    const mine = handlers.filter((h) => h.queue === queue).map((h) => h.name);
    if (mine.length === 0) problems.push(`queue "${queue}" has no @JobHandler`);
    if (mine.length > 1) problems.push(`queue "${queue}" has ${mine.length} handlers (${mine.join(', ')}); it must have exactly one`);
  }
  for (const h of handlers) if (!(Object.values(QUEUES) as string[]).includes(h.queue)) problems.push(`${h.name} handles unknown queue "${h.queue}"`);
  if (problems.length) throw new Error(`Job handlers do not match the queues: ${problems.join('; ')}.`);
}
