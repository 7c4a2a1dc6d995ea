import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { UsersModule } from '../users/users.module';
import { CourtAccess } from './court-access';
import { CourtCalls } from './court-calls';
import { CourtRunsListener } from './court-runs.listener';
import { CourtRunsRepository } from './court-runs.repository';
import { CourtsRepository } from './courts.repository';

/**
 * Courts for both processes: the tables, calling and refilling a game (the API on a tap, the worker
 * when a hold ends), and the next game when a court's match completes wherever it settles.
 */
@Module({
  imports: [UsersModule, JobsModule],
  providers: [CourtsRepository, CourtRunsRepository, CourtCalls, CourtAccess, CourtRunsListener],
  exports: [CourtsRepository, CourtRunsRepository, CourtCalls, CourtAccess],
})
export class CourtsModule {}
