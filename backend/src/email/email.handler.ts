import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { Job } from 'bullmq';
import { AccountMailLinks } from '../auth/account-mail-links';
import { APP_CONFIG, AppConfig } from '../config/env';
import { JobHandler, type JobProcessor } from '../jobs/job-handler';
import { QUEUES, type EmailJob } from '../jobs/queues';
import { createMailer, type Mailer } from './mailer';
import { renderEmail } from './email.templates';

/** The event name of a mail given up on; ops alerting keys on it (docs/jobs.md#retries). Never rename. */
export const MAIL_UNDELIVERABLE = 'mail.undeliverable';

/**
 * Sends the account mails, in the worker. The job names the account or the typed address; the
 * account is looked up and the link issued only now, so job data never holds a token. A retry
 * issues a fresh link (replacing the one of a failed attempt).
 */
@Injectable()
@JobHandler(QUEUES.email, { concurrency: 5 })
export class EmailHandler implements JobProcessor<typeof QUEUES.email>, OnApplicationShutdown {
  private readonly mailer: Mailer;
  private readonly logger = new Logger('Mail');

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly links: AccountMailLinks,
  ) {
    this.mailer = createMailer(config);
  }

  /** Returns what the log may say: the kind and outcome, never the address or the link. */
  async handle(data: EmailJob, _job: Job<EmailJob>): Promise<string> {
    const mail = await this.links.issue(data);
    if (!mail) return `${data.kind} not sent: nobody to mail`;
    await this.mailer.send(mail.to, renderEmail(data.kind, mail.link), mail.link);
    return `${data.kind} sent`;
  }

  /**
   * The last attempt failed: the player never gets this link, so this is an alert of its own at
   * error level, apart from the per-attempt warnings; the failed job stays on the job board
   * (/admin/queues) for 7 days. The account id and kind only, never the address.
   */
  async onFinalFailure(data: EmailJob, error: Error): Promise<void> {
    this.logger.error({ event: MAIL_UNDELIVERABLE, kind: data.kind, userId: 'userId' in data ? data.userId : null, error: error.message });
  }

  onApplicationShutdown(): void {
    this.mailer.close();
  }
}
