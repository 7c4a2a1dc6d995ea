import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { CourtHoldsHandler } from './court-holds.handler';
import { CourtsListeners } from './courts.listeners';
import { CourtsModule } from './courts.module';

/** The worker side of courts: the `court-holds` queue's handler, and the hold jobs of the next players it calls. */
@Module({
  imports: [CourtsModule, JobsModule],
  providers: [CourtHoldsHandler, CourtsListeners],
})
export class CourtsJobsModule {}
