import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { ID_DOCUMENT_TYPES, MSG, type IdCheckStatusResponse, type IdDocumentType, type IdShot } from '@gotnext/shared';
import { ID_PHOTO_SIZE, reencodeImage, type ReencodeOptions } from '../common/upload/image';
import { UnitOfWork } from '../database/unit-of-work';
import { UsersRepository } from '../users/users.repository';
import { isCheckableRegion } from './id-match';
import { VerificationRepository, type PhotoShot } from './verification.repository';

/** A pending check older than this is taken as lost; a new one may replace it. */
const STALE_UPLOAD_MINUTES = 60;
/** A face needs fewer pixels than a document's text. */
const SELFIE_SIZE: ReencodeOptions = { maxSide: 1024, quality: 90, mozjpeg: false };

export type SentPhotos = Partial<Record<PhotoShot, Buffer>>;

/** POST /api/verify and GET /api/verify: keeps the photos in PostgreSQL; the check is queued once that commits (docs/identity-rules.md#id-check). */
@Injectable()
export class VerificationService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly verification: VerificationRepository,
  ) {}

  async submit(userId: number, type: string | undefined, sent: SentPhotos): Promise<void> {
    if (!sent.front) throw new BadRequestException({ message: MSG.selectFile });
    const documentType = (type || 'drivers_license') as IdDocumentType;
    if (!ID_DOCUMENT_TYPES.includes(documentType)) throw new BadRequestException({ message: MSG.idDocumentTypeInvalid });
    const user = await this.users.findById(userId);
    if (!user || user.deletedAt) throw new NotFoundException({ message: 'User not found.' });
    if (!isCheckableRegion(user.state) || !user.dateOfBirth) throw new BadRequestException({ message: MSG.needStateAndDob });
    if (user.idVerified) throw new ConflictException({ message: MSG.idAlreadyVerified });
    if (documentType === 'drivers_license' && !sent.back) throw new BadRequestException({ message: MSG.idBackRequired });
    if (documentType === 'passport' && sent.back) throw new BadRequestException({ message: MSG.idBackNotForPassport });
    if (!sent.selfie || !sent.selfie_turned) throw new BadRequestException({ message: MSG.selfieRequired });
    // Re-encoding also strips the photos' metadata (GPS included) before they are stored at all.
    const photos: SentPhotos = {};
    for (const [shot, bytes] of Object.entries(sent) as [PhotoShot, Buffer | undefined][]) {
      if (bytes) photos[shot] = await reencodeImage(bytes, shot.startsWith('selfie') ? SELFIE_SIZE : ID_PHOTO_SIZE);
    }
    await this.uow.run(async (tx) => {
      // A pending check whose job vanished (e.g. Redis lost) must not block the player forever.
      await this.verification.deleteStaleUpload(userId, STALE_UPLOAD_MINUTES, tx.manager);
      const uploadId = await this.verification.insertUpload(userId, documentType, photos, tx.manager);
      if (uploadId === null) throw new ConflictException({ message: MSG.idCheckPending });
      tx.emit('id-check.submitted', { uploadId, userId });
    });
  }

  async status(userId: number): Promise<IdCheckStatusResponse> {
    // The worker deletes the upload and records the verdict in one commit. Reading the upload first,
    // then the verdict and the account, means "no upload" is only ever seen together with the
    // verdict that replaced it; three reads at once could straddle that commit and answer
    // not_submitted for a check just decided (an ID test caught it on a busy machine).
    const pending = await this.verification.hasPending(userId);
    const [user, last] = await Promise.all([this.users.findById(userId), this.verification.lastVerdict(userId)]);
    const checkedAt = last ? last.createdAt.toISOString() : null;
    if (user?.idVerified) return { status: 'verified', reason: null, retake: [], checked_at: checkedAt };
    if (pending) return { status: 'pending', reason: null, retake: [], checked_at: checkedAt };
    if (last && !last.passed) return { status: 'failed', reason: last.reason, retake: last.retake as IdShot[], checked_at: checkedAt };
    return { status: 'not_submitted', reason: null, retake: [], checked_at: checkedAt };
  }
}
