import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import type { DomainEvents } from '../events/domain-events';
import { OnDomainEvent } from '../events/event-bus';
import { InjectQueue } from '../jobs/jobs.module';
import { jobIds, QUEUES, type EmailJob } from '../jobs/queues';

/** Enqueues an account mail as asked: the job names the kind and the account or address, nothing secret. */
@Injectable()
export class MailScheduler {
  constructor(@InjectQueue(QUEUES.email) private readonly queue: Queue<EmailJob>) {}

  @OnDomainEvent('mail.requested', { runsIn: ['api'] })
  async enqueue(request: DomainEvents['mail.requested']): Promise<void> {
    // Copied field by field, so nothing else a caller put in the event can reach Redis.
    const data: EmailJob = 'userId' in request ? { kind: request.kind, userId: request.userId } : { kind: request.kind, email: request.email };
    await this.queue.add(request.kind, data, { jobId: jobIds.email(request.kind, randomUUID()) });
  }
}
