import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { DomainEvents } from '../events/domain-events';
import { OnDomainEvent } from '../events/event-bus';
import { InjectQueue } from '../jobs/jobs.module';
import { jobIds, QUEUES, type EmailJob } from '../jobs/queues';

/** Enqueues an account mail once its token is stored; the job id comes from the token id. */
@Injectable()
export class MailScheduler {
  constructor(@InjectQueue(QUEUES.email) private readonly queue: Queue<EmailJob>) {}

  @OnDomainEvent('mail.requested')
  async enqueue({ kind, userId, tokenId, to, link }: DomainEvents['mail.requested']): Promise<void> {
    await this.queue.add(kind, { kind, userId, to, link }, { jobId: jobIds.email(kind, tokenId) });
  }
}
