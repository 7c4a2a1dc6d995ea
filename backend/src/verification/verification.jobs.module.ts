import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { UsersModule } from '../users/users.module';
import { ID_CHECKER } from './id-checker';
import { IdVerificationHandler } from './id-verification.handler';
import { LocalIdChecker } from './local-id-checker';
import { TesseractOcr } from './ocr/tesseract-ocr';
import { VisionEngine } from './vision/vision-engine';
import { VerificationModule } from './verification.module';

/**
 * The worker side of the ID check. A vendor checker replaces ours by changing the ID_CHECKER
 * provider only; the handler keeps the verdict, the deletion and the one-account rule.
 */
@Module({
  imports: [VerificationModule, UsersModule, NotificationsModule],
  providers: [TesseractOcr, VisionEngine, { provide: ID_CHECKER, useClass: LocalIdChecker }, IdVerificationHandler],
})
export class VerificationJobsModule {}
