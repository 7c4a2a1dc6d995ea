import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { MSG } from '@gotnext/shared';
import { InjectQueue } from '../jobs/jobs.module';
import { QUEUES } from '../jobs/queues';
import { UserEntity } from '../users/entities/user.entity';
import { ID_PHOTO_SIZE, reencodeImage } from '../common/upload/image';
import { isCheckableRegion } from './id-match';
import { ID_VERIFICATION_ATTEMPTS, IdVerificationJob, idVerificationJobId } from './id-verification.job';

/** A pending check older than this is taken as lost; a new photo may replace it. */
const STALE_UPLOAD_MINUTES = 60;

/** POST /api/verify: keeps the photo in PostgreSQL and queues its check. */
@Injectable()
export class VerificationService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectQueue(QUEUES.idVerification) private readonly queue: Queue<IdVerificationJob>,
  ) {}

  async submit(userId: number, photo: Buffer | undefined): Promise<void> {
    if (!photo) throw new BadRequestException({ message: MSG.selectFile });
    const user = await this.db.getRepository(UserEntity).findOne({ where: { id: userId } });
    if (!user || user.deletedAt) throw new NotFoundException({ message: 'User not found.' });
    if (!isCheckableRegion(user.state) || !user.dateOfBirth) throw new BadRequestException({ message: MSG.needStateAndDob });
    if (user.idVerified) throw new ConflictException({ message: MSG.idAlreadyVerified });
    // Re-encoding also strips the photo's metadata (GPS included) before it is stored at all.
    const jpeg = await reencodeImage(photo, ID_PHOTO_SIZE);
    // A pending photo whose job vanished (e.g. Redis lost) must not block the player forever.
    await this.db.query(`DELETE FROM id_check_uploads WHERE user_id = $1 AND created_at < now() - interval '${STALE_UPLOAD_MINUTES} minutes'`, [userId]);
    const rows: { id: number }[] = await this.db.query(
      `INSERT INTO id_check_uploads (user_id, bytes) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING RETURNING id`,
      [userId, jpeg],
    );
    if (!rows.length) throw new ConflictException({ message: MSG.idCheckPending });
    const uploadId = rows[0].id;
    try {
      await this.queue.add('check', { uploadId, userId }, {
        jobId: idVerificationJobId(uploadId),
        attempts: ID_VERIFICATION_ATTEMPTS,
        // The photo is gone when the job ends; keep the job records short-lived too.
        removeOnComplete: true,
        removeOnFail: { age: 24 * 3600 },
      });
    } catch (err) {
      // Nobody would ever check (or delete) a photo whose job was not queued.
      await this.db.query(`DELETE FROM id_check_uploads WHERE id = $1`, [uploadId]);
      throw err;
    }
  }
}
