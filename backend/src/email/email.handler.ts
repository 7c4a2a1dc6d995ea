import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { Job } from 'bullmq';
import { APP_CONFIG, AppConfig } from '../config/env';
import { JobHandler, type JobProcessor } from '../jobs/job-handler';
import { QUEUES, type EmailJob } from '../jobs/queues';
import { createMailer, type Mailer } from './mailer';
import { renderEmail } from './email.templates';

/** Sends the account mails, in the worker. */
@Injectable()
@JobHandler(QUEUES.email, { concurrency: 5 })
export class EmailHandler implements JobProcessor<typeof QUEUES.email>, OnApplicationShutdown {
  private readonly mailer: Mailer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.mailer = createMailer(config);
  }

  /** Returns what the log may say: the kind, never the address or the link. */
  async handle(data: EmailJob, _job: Job<EmailJob>): Promise<string> {
    await this.mailer.send(data.to, renderEmail(data), data.link);
    return `${data.kind} sent`;
  }

  onApplicationShutdown(): void {
    this.mailer.close();
  }
}
