import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { RealtimeEmitterModule } from '../realtime/realtime-emitter.module';
import { CourtHoldsHandler } from './court-holds.handler';
import { CourtsListeners } from './courts.listeners';
import { CourtsModule } from './courts.module';

/** The worker side of courts: the `court-holds` queue's handler, and the pushes of what it changes. */
@Module({
  imports: [CourtsModule, JobsModule, RealtimeEmitterModule],
  providers: [CourtHoldsHandler, CourtsListeners],
})
export class CourtsJobsModule {}
