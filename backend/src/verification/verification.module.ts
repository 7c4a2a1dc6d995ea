import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JobsModule } from '../jobs/jobs.module';
import { IdCheckEntity } from './entities/id-check.entity';
import { IdCheckUploadEntity } from './entities/id-check-upload.entity';
import { IdCheckScheduler } from './id-check-scheduler';
import { VerificationRepository } from './verification.repository';

/** The ID-check tables, and the listeners that queue a stored photo's check and drop a deleted player's photo. */
@Module({
  imports: [TypeOrmModule.forFeature([IdCheckUploadEntity, IdCheckEntity]), JobsModule],
  providers: [VerificationRepository, IdCheckScheduler],
  exports: [VerificationRepository],
})
export class VerificationModule {}
