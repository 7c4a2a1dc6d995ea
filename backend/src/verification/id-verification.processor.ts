import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Job, Worker } from 'bullmq';
import { DataSource } from 'typeorm';
import { MSG, NOTIFICATION_TYPES } from '@gotnext/shared';
import { APP_CONFIG, AppConfig } from '../config/env';
import { bullConnection, bullPrefix, QUEUES } from '../jobs/queues';
import { Notifier } from '../notifications/notifier';
import { PlayerStandingService } from '../ratings/player-standing.service';
import { WorkerEmitter } from '../realtime/worker-emitter';
import { UserEntity } from '../users/entities/user.entity';
import { IdCheckEntity } from './entities/id-check.entity';
import { IdCheckUploadEntity } from './entities/id-check-upload.entity';
import { ID_CHECKER, IdChecker, IdCheckResult } from './id-checker';
import type { ExpectedIdentity } from './id-match';
import type { IdVerificationJob } from './id-verification.job';

const GAVE_UP = 'We could not check your ID photo. Please try again later.';
const DETAILS_CHANGED = 'Your account details changed during the check. Please submit your ID again.';

const identityOf = (u: UserEntity): ExpectedIdentity => ({ firstName: u.firstName, lastName: u.lastName, dateOfBirth: u.dateOfBirth, state: u.state });
const sameIdentity = (a: ExpectedIdentity, b: ExpectedIdentity) =>
  a.firstName === b.firstName && a.lastName === b.lastName && a.dateOfBirth === b.dateOfBirth && a.state === b.state;

/**
 * Runs ID checks in the worker (RULES.md ID check). Whatever the outcome, pass, fail or giving up
 * after the last attempt, the photo row is deleted in the same transaction that records the
 * verdict, and the player gets the verdict as a live notification once it is committed.
 */
@Injectable()
export class IdVerificationProcessor implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('IdVerification');
  private worker?: Worker<IdVerificationJob>;
  private emitter?: WorkerEmitter;
  private notifier: Notifier;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(ID_CHECKER) private readonly checker: IdChecker,
    private readonly standing: PlayerStandingService,
  ) {}

  async onModuleInit(): Promise<void> {
    this.emitter = await WorkerEmitter.connect(this.config.REDIS_URL, this.config.REDIS_PREFIX);
    this.notifier = new Notifier(this.emitter);
    this.worker = new Worker<IdVerificationJob>(QUEUES.idVerification, (job) => this.process(job), {
      connection: bullConnection(this.config.REDIS_URL),
      prefix: bullPrefix(this.config.REDIS_PREFIX),
      // One OCR engine per process, and it reads one photo at a time.
      concurrency: 1,
    });
    // Ids only in logs: the error text comes from our code or the OCR engine, never from the photo.
    this.worker.on('failed', (job, err) => {
      this.logger.warn(`id-verification job ${job?.id} failed (attempt ${job?.attemptsMade}): ${err.message}`);
      if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) {
        this.finish(job.data, { passed: false, reason: GAVE_UP }).catch((e: Error) => this.logger.error(`id-verification job ${job.id} could not be closed: ${e.message}`));
      }
    });
    this.worker.on('error', (err) => this.logger.error(`id-verification worker error: ${err.message}`));
  }

  async process(job: Job<IdVerificationJob>): Promise<void> {
    const upload = await this.db
      .getRepository(IdCheckUploadEntity)
      .createQueryBuilder('u')
      .addSelect('u.bytes')
      .where('u.id = :id AND u.user_id = :userId', { id: job.data.uploadId, userId: job.data.userId })
      .getOne();
    if (!upload) return; // already decided, or the account was deleted: nothing left to read
    const user = await this.db.getRepository(UserEntity).findOne({ where: { id: job.data.userId } });
    if (!user || user.deletedAt) {
      await this.db.getRepository(IdCheckUploadEntity).delete({ id: upload.id });
      return;
    }
    const expected = identityOf(user);
    const result = await this.checker.check(upload.bytes, expected);
    await this.finish(job.data, result, expected);
    this.logger.log(`id-verification job ${job.id} done: ${result.passed ? 'passed' : 'failed'}`);
  }

  /** Records the verdict, deletes the photo and notifies, once: a second call finds no photo and does nothing. */
  private async finish(data: IdVerificationJob, result: IdCheckResult, checkedAgainst?: ExpectedIdentity): Promise<void> {
    const push = await this.db.transaction(async (m) => {
      const removed = await m.delete(IdCheckUploadEntity, { id: data.uploadId });
      if (!removed.affected) return () => undefined;
      const user = await m.findOne(UserEntity, { where: { id: data.userId }, lock: { mode: 'pessimistic_write' } });
      if (!user || user.deletedAt) return () => undefined;
      // A name, region or birth date edited while the photo was being read makes the verdict stale.
      const verdict = checkedAgainst && result.passed && !sameIdentity(checkedAgainst, identityOf(user)) ? { passed: false, reason: DETAILS_CHANGED } : result;
      await m.insert(IdCheckEntity, { userId: data.userId, uploadId: data.uploadId, passed: verdict.passed, reason: verdict.reason ?? null });
      if (verdict.passed) await m.update(UserEntity, { id: data.userId }, { idVerified: true });
      return this.notifier.store(m, [{
        userId: data.userId,
        type: NOTIFICATION_TYPES.idVerification,
        message: verdict.passed ? MSG.idVerified : MSG.idVerificationFailed(verdict.reason ?? GAVE_UP),
      }]);
    });
    push();
    await this.standing.refresh(data.userId);
  }

  /** Finish the check in hand (SIGTERM) before the OCR engine is stopped. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.emitter?.close();
  }
}
