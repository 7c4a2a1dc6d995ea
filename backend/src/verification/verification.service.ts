import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { MSG } from '@gotnext/shared';
import { ID_PHOTO_SIZE, reencodeImage } from '../common/upload/image';
import { UnitOfWork } from '../database/unit-of-work';
import { UsersRepository } from '../users/users.repository';
import { isCheckableRegion } from './id-match';
import { VerificationRepository } from './verification.repository';

/** A pending check older than this is taken as lost; a new photo may replace it. */
const STALE_UPLOAD_MINUTES = 60;

/** POST /api/verify: keeps the photo in PostgreSQL; its check is queued once that commits (docs/identity-rules.md). */
@Injectable()
export class VerificationService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly verification: VerificationRepository,
  ) {}

  async submit(userId: number, photo: Buffer | undefined): Promise<void> {
    if (!photo) throw new BadRequestException({ message: MSG.selectFile });
    const user = await this.users.findById(userId);
    if (!user || user.deletedAt) throw new NotFoundException({ message: 'User not found.' });
    if (!isCheckableRegion(user.state) || !user.dateOfBirth) throw new BadRequestException({ message: MSG.needStateAndDob });
    if (user.idVerified) throw new ConflictException({ message: MSG.idAlreadyVerified });
    // Re-encoding also strips the photo's metadata (GPS included) before it is stored at all.
    const jpeg = await reencodeImage(photo, ID_PHOTO_SIZE);
    await this.uow.run(async (tx) => {
      // A pending photo whose job vanished (e.g. Redis lost) must not block the player forever.
      await this.verification.deleteStaleUpload(userId, STALE_UPLOAD_MINUTES, tx.manager);
      const uploadId = await this.verification.insertUpload(userId, jpeg, tx.manager);
      if (uploadId === null) throw new ConflictException({ message: MSG.idCheckPending });
      tx.emit('id-check.submitted', { uploadId, userId });
    });
  }
}
