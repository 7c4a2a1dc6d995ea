import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { UsersModule } from '../users/users.module';
import { CourtAccess } from './court-access';
import { CourtCalledPush } from './court-called-push';
import { CourtCalls } from './court-calls';
import { CourtRunsListener } from './court-runs.listener';
import { CourtRunsRepository } from './court-runs.repository';
import { CourtsRepository } from './courts.repository';

/**
 * Courts for both processes: the tables, calling and refilling a game (the API on a tap, the worker
 * when a hold ends), the next game when a court's match completes wherever it settles, and the
 * "You're up" Web Push wherever players are called.
 */
@Module({
  imports: [UsersModule, JobsModule],
  providers: [CourtsRepository, CourtRunsRepository, CourtCalls, CourtAccess, CourtRunsListener, CourtCalledPush],
  exports: [CourtsRepository, CourtRunsRepository, CourtCalls, CourtAccess],
})
export class CourtsModule {}
