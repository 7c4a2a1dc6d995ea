import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { UsersModule } from '../users/users.module';
import { ID_CHECKER } from './id-checker';
import { IdVerificationHandler } from './id-verification.handler';
import { TesseractIdChecker } from './tesseract-id-checker';
import { VerificationModule } from './verification.module';

/** The worker side of the ID check. A vendor checker replaces OCR by changing the ID_CHECKER provider only. */
@Module({
  imports: [VerificationModule, UsersModule, NotificationsModule],
  providers: [{ provide: ID_CHECKER, useClass: TesseractIdChecker }, IdVerificationHandler],
})
export class VerificationJobsModule {}
