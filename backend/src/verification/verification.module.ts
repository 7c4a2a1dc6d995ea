import { Module } from '@nestjs/common';
import { VerificationController } from './verification.controller';
import { VerificationService } from './verification.service';

/** The API side of the ID check: accept the photo, queue the job. The worker side is IdVerificationModule. */
@Module({
  controllers: [VerificationController],
  providers: [VerificationService],
})
export class VerificationModule {}
