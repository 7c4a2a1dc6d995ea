import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { OnDomainEvent } from '../events/event-bus';
import { InjectQueue } from '../jobs/jobs.module';
import { ID_VERIFICATION_ATTEMPTS, jobIds, QUEUES, type IdVerificationJob } from '../jobs/queues';
import { VerificationRepository } from './verification.repository';

/** Reacts to committed changes that concern ID checks: queue a stored photo's check, drop a deleted player's photo and face. */
@Injectable()
export class IdCheckScheduler {
  constructor(
    @InjectQueue(QUEUES.idVerification) private readonly queue: Queue<IdVerificationJob>,
    private readonly verification: VerificationRepository,
  ) {}

  @OnDomainEvent('id-check.submitted', { runsIn: ['api', 'worker'] })
  async queueCheck({ uploadId, userId }: { uploadId: number; userId: number }): Promise<void> {
    await this.queue.add(
      'check',
      { uploadId, userId },
      {
        jobId: jobIds.idVerification(uploadId),
        attempts: ID_VERIFICATION_ATTEMPTS,
        // The photo is gone when the job ends; keep the job records short-lived too.
        removeOnComplete: true,
        removeOnFail: { age: 24 * 3600 },
      },
    );
  }

  /**
   * Nobody checks a deleted player's ID: the pending photo goes at once, and so does the face
   * template (a deleted account's face never counted: the comparison reads live accounts only).
   */
  @OnDomainEvent('account.deleted', { runsIn: ['api', 'worker'] })
  async dropPendingPhoto({ userId }: { userId: number }): Promise<void> {
    await this.verification.deleteUploadsOf(userId);
    await this.verification.deleteFaceOf(userId);
  }
}
