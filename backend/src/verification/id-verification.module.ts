import { Module } from '@nestjs/common';
import { ID_CHECKER } from './id-checker';
import { IdVerificationProcessor } from './id-verification.processor';
import { TesseractIdChecker } from './tesseract-id-checker';

/** The worker side of the ID check. A vendor checker replaces OCR by changing the ID_CHECKER provider only. */
@Module({
  providers: [{ provide: ID_CHECKER, useClass: TesseractIdChecker }, IdVerificationProcessor],
})
export class IdVerificationModule {}
