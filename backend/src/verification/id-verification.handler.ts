import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { EntityManager } from 'typeorm';
import { MSG, NOTIFICATION_TYPES, type IdShot } from '@gotnext/shared';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { UnitOfWork } from '../database/unit-of-work';
import { JobHandler, type JobProcessor } from '../jobs/job-handler';
import { QUEUES, type IdVerificationJob } from '../jobs/queues';
import { Notifier } from '../notifications/notifier';
import type { UserEntity } from '../users/entities/user.entity';
import { UsersRepository } from '../users/users.repository';
import { documentHash } from './document/document-hash';
import { ID_CHECKER, type IdChecker, type IdCheckResult } from './id-checker';
import type { ExpectedIdentity } from './id-match';
import { VerificationRepository, type PendingCheck } from './verification.repository';

const R = MSG.idReasons;
const ALL_SHOTS: IdShot[] = ['front', 'back', 'selfie'];

const identityOf = (u: UserEntity): ExpectedIdentity => ({ firstName: u.firstName, lastName: u.lastName, dateOfBirth: u.dateOfBirth, state: u.state });
const sameIdentity = (a: ExpectedIdentity, b: ExpectedIdentity) =>
  a.firstName === b.firstName && a.lastName === b.lastName && a.dateOfBirth === b.dateOfBirth && a.state === b.state;

/**
 * Runs ID checks in the worker (docs/identity-rules.md#id-check). Whatever the outcome, pass, fail
 * or giving up after the last attempt, the check's row and every photo with it are deleted in the
 * same transaction that records the verdict, and the player gets the verdict as a live
 * notification once it is committed. Only the verdict, its reason, what to retake, the
 * document's keyed hash and, on a pass, the face template are kept.
 */
@Injectable()
// Two checks at a time, one per core: their OCR and model calls share two OCR workers and two model
// threads, so a queue of checks keeps both cores busy while each check's own calls still overlap.
// The event loop only waits on those threads, so the worker's other queues keep their turn
// (docs/identity-rules.md#speed).
@JobHandler(QUEUES.idVerification, { concurrency: 2 })
export class IdVerificationHandler implements JobProcessor<typeof QUEUES.idVerification> {
  private readonly logger = new Logger('IdVerificationHandler');

  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly verification: VerificationRepository,
    private readonly notifier: Notifier,
    @Inject(ID_CHECKER) private readonly checker: IdChecker,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Returns the outcome for the log: passed, failed, or nothing (check already gone). */
  async handle(data: IdVerificationJob, _job: Job<IdVerificationJob>): Promise<string> {
    const pending = await this.verification.findPending(data.uploadId, data.userId);
    if (!pending) return 'nothing'; // already decided, or the account was deleted: nothing left to read
    const user = await this.users.findById(data.userId);
    if (!user || user.deletedAt) {
      await this.verification.deleteUpload(pending.id);
      return 'nothing';
    }
    const expected = identityOf(user);
    const result = await this.run(pending, expected);
    const verdict = await this.finish(data, result, expected);
    return verdict?.passed ? 'passed' : 'failed';
  }

  /** After the last attempt failed: the player is told, and the photos go. */
  async onFinalFailure(data: IdVerificationJob): Promise<void> {
    await this.finish(data, { passed: false, reason: R.gaveUp, retake: [] });
  }

  private run(pending: PendingCheck, expected: ExpectedIdentity): Promise<IdCheckResult> {
    const { front, back, selfie, selfie_turned: selfieTurned } = pending.photos;
    // A one-photo upload from before the selfie and the barcode were checked cannot pass any more.
    if (pending.documentType === 'legacy' || !front || !selfie || !selfieTurned) return Promise.resolve({ passed: false, reason: R.resubmit, retake: ALL_SHOTS });
    return this.checker.check({ documentType: pending.documentType, front, back, selfie, selfieTurned }, expected);
  }

  /**
   * Records the verdict, deletes the check and its photos and notifies, once: a second call finds
   * no check and does nothing. A document already verified on another live account turns the
   * verdict into a refusal and is flagged for ops.
   */
  private async finish(data: IdVerificationJob, result: IdCheckResult, checkedAgainst?: ExpectedIdentity): Promise<IdCheckResult | null> {
    return this.uow.run(async (tx) => {
      let verdict: IdCheckResult | null = null;
      if (await this.verification.deleteUpload(data.uploadId, tx.manager)) {
        const user = await this.users.lock(data.userId, tx.manager);
        if (user && !user.deletedAt) {
          const hash = result.document ? documentHash(this.config.ID_DOCUMENT_SECRET, result.document) : null;
          verdict = result;
          const holder = hash ? await this.verification.lockDocumentHolder(hash, data.userId, tx.manager) : null;
          if (hash && holder !== null) {
            await this.verification.flag('document', hash, data.userId, holder, tx.manager);
            this.logger.warn(`ID document of user ${data.userId} is verified on user ${holder}: refused and flagged`);
            verdict = { passed: false, reason: R.duplicateDocument, retake: [] };
          } else if (checkedAgainst && result.passed && !sameIdentity(checkedAgainst, identityOf(user))) {
            // A name, region or birth date edited while the photos were being read makes the verdict stale.
            verdict = { passed: false, reason: R.detailsChanged, retake: ALL_SHOTS };
          } else if (result.passed && result.face) {
            verdict = await this.oneFaceOneAccount(data.userId, hash, result, result.face, tx.manager);
          }
          await this.verification.recordVerdict(
            { userId: data.userId, uploadId: data.uploadId, passed: verdict.passed, reason: verdict.reason ?? null, retake: verdict.retake ?? [], documentHash: hash },
            tx.manager,
          );
          if (verdict.passed) {
            await this.users.markIdVerified(data.userId, tx.manager);
            if (hash) await this.verification.holdDocument(hash, data.userId, tx.manager);
            if (result.face) await this.verification.holdFace(result.face, data.userId, tx.manager);
          }
          await this.notifier.notify(tx, [
            {
              userId: data.userId,
              type: NOTIFICATION_TYPES.idVerification,
              message: verdict.passed ? MSG.idVerified : MSG.idVerificationFailed(verdict.reason ?? R.gaveUp),
            },
          ]);
        }
      }
      tx.emit('player.changed', { userIds: [data.userId] });
      return verdict;
    });
  }

  /**
   * A passing check whose face is verified on another live account is flagged for ops with both
   * accounts; under ID_FACE_UNIQUE=refuse (the default) it is refused, under `flag` it passes
   * (docs/identity-rules.md#one-face-one-account).
   */
  private async oneFaceOneAccount(userId: number, hash: string | null, result: IdCheckResult, face: number[], m: EntityManager): Promise<IdCheckResult> {
    const holder = await this.verification.lockFaceHolder(face, userId, m);
    if (holder === null) return result;
    await this.verification.flag('face', hash, userId, holder, m);
    const refuse = this.config.ID_FACE_UNIQUE === 'refuse';
    this.logger.warn(`face of user ${userId} is verified on user ${holder}: ${refuse ? 'refused and flagged' : 'flagged (ID_FACE_UNIQUE=flag)'}`);
    return refuse ? { passed: false, reason: R.duplicateFace, retake: [] } : result;
  }
}
