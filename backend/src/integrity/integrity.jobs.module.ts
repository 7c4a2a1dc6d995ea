import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { RatingsModule } from '../ratings/ratings.module';
import { CalibrationRun } from './calibration-run';
import { FairPlayHandler } from './fair-play.handler';
import { FairPlaySchedule } from './fair-play-schedule';
import { IntegrityRepository } from './integrity.repository';
import { IntegrityScan } from './integrity-scan';

/** The worker's fair-play jobs: the integrity scan and the calibration, nightly (docs/rating.md#integrity). */
@Module({
  imports: [JobsModule, RatingsModule],
  providers: [IntegrityRepository, IntegrityScan, CalibrationRun, FairPlayHandler, FairPlaySchedule],
})
export class IntegrityJobsModule {}
