import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Job, Worker } from 'bullmq';
import { APP_CONFIG, AppConfig } from '../config/env';
import { bullConnection, bullPrefix, EmailJob, QUEUES } from '../jobs/queues';
import { createMailer, Mailer } from './mailer';
import { renderEmail } from './email.templates';

/** Sends the account mails. Runs only in the worker process. */
@Injectable()
export class EmailProcessor implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('EmailProcessor');
  private worker?: Worker<EmailJob>;
  private mailer: Mailer;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  onModuleInit(): void {
    this.mailer = createMailer(this.config);
    this.worker = new Worker<EmailJob>(QUEUES.email, (job) => this.process(job), {
      connection: bullConnection(this.config.REDIS_URL),
      prefix: bullPrefix(this.config.REDIS_PREFIX),
      concurrency: 5,
    });
    // Log the job id and kind only: the data holds an address and a live link.
    this.worker.on('failed', (job, err) => this.logger.warn(`email job ${job?.id} failed (attempt ${job?.attemptsMade}): ${err.message}`));
    this.worker.on('error', (err) => this.logger.error(`email worker error: ${err.message}`));
  }

  async process(job: Job<EmailJob>): Promise<void> {
    await this.mailer.send(job.data.to, renderEmail(job.data), job.data.link);
    this.logger.log(`email job ${job.id} (${job.data.kind}) sent`);
  }

  /** Finishes the job in hand before the process exits (SIGTERM). */
  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    this.mailer?.close();
  }
}
