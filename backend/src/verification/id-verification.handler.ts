import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { MSG, NOTIFICATION_TYPES } from '@gotnext/shared';
import { UnitOfWork } from '../database/unit-of-work';
import { JobHandler, type JobProcessor } from '../jobs/job-handler';
import { QUEUES, type IdVerificationJob } from '../jobs/queues';
import { Notifier } from '../notifications/notifier';
import type { UserEntity } from '../users/entities/user.entity';
import { UsersRepository } from '../users/users.repository';
import { ID_CHECKER, type IdChecker, type IdCheckResult } from './id-checker';
import type { ExpectedIdentity } from './id-match';
import { VerificationRepository } from './verification.repository';

const GAVE_UP = 'We could not check your ID photo. Please try again later.';
const DETAILS_CHANGED = 'Your account details changed during the check. Please submit your ID again.';

const identityOf = (u: UserEntity): ExpectedIdentity => ({ firstName: u.firstName, lastName: u.lastName, dateOfBirth: u.dateOfBirth, state: u.state });
const sameIdentity = (a: ExpectedIdentity, b: ExpectedIdentity) =>
  a.firstName === b.firstName && a.lastName === b.lastName && a.dateOfBirth === b.dateOfBirth && a.state === b.state;

/**
 * Runs ID checks in the worker (docs/identity-rules.md). Whatever the outcome, pass, fail or
 * giving up after the last attempt, the photo row is deleted in the same transaction that records
 * the verdict, and the player gets the verdict as a live notification once it is committed.
 */
@Injectable()
// One OCR engine per process, and it reads one photo at a time.
@JobHandler(QUEUES.idVerification, { concurrency: 1 })
export class IdVerificationHandler implements JobProcessor<typeof QUEUES.idVerification> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly verification: VerificationRepository,
    private readonly notifier: Notifier,
    @Inject(ID_CHECKER) private readonly checker: IdChecker,
  ) {}

  /** Returns the outcome for the log: passed, failed, or nothing (photo already gone). */
  async handle(data: IdVerificationJob, _job: Job<IdVerificationJob>): Promise<string> {
    const upload = await this.verification.findUploadWithBytes(data.uploadId, data.userId);
    if (!upload) return 'nothing'; // already decided, or the account was deleted: nothing left to read
    const user = await this.users.findById(data.userId);
    if (!user || user.deletedAt) {
      await this.verification.deleteUpload(upload.id);
      return 'nothing';
    }
    const expected = identityOf(user);
    const result = await this.checker.check(upload.bytes, expected);
    await this.finish(data, result, expected);
    return result.passed ? 'passed' : 'failed';
  }

  /** After the last attempt failed: the player is told, and the photo goes. */
  onFinalFailure(data: IdVerificationJob): Promise<void> {
    return this.finish(data, { passed: false, reason: GAVE_UP });
  }

  /** Records the verdict, deletes the photo and notifies, once: a second call finds no photo and does nothing. */
  private async finish(data: IdVerificationJob, result: IdCheckResult, checkedAgainst?: ExpectedIdentity): Promise<void> {
    await this.uow.run(async (tx) => {
      if (await this.verification.deleteUpload(data.uploadId, tx.manager)) {
        const user = await this.users.lock(data.userId, tx.manager);
        if (user && !user.deletedAt) {
          // A name, region or birth date edited while the photo was being read makes the verdict stale.
          const verdict = checkedAgainst && result.passed && !sameIdentity(checkedAgainst, identityOf(user)) ? { passed: false, reason: DETAILS_CHANGED } : result;
          await this.verification.recordVerdict({ userId: data.userId, uploadId: data.uploadId, passed: verdict.passed, reason: verdict.reason ?? null }, tx.manager);
          if (verdict.passed) await this.users.markIdVerified(data.userId, tx.manager);
          await this.notifier.notify(tx, [{
            userId: data.userId,
            type: NOTIFICATION_TYPES.idVerification,
            message: verdict.passed ? MSG.idVerified : MSG.idVerificationFailed(verdict.reason ?? GAVE_UP),
          }]);
        }
      }
      tx.emit('player.changed', { userIds: [data.userId] });
    });
  }
}
