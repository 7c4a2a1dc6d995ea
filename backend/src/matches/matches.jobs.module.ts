import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { MatchDeadlineReconciler } from './match-deadline-reconciler';
import { MatchDeadlinesHandler } from './match-deadlines.handler';
import { MatchesModule } from './matches.module';

/** The worker side of matches: the `match-deadlines` queue's handler and the reconciler that keeps every open match's deadlines in it. */
@Module({
  imports: [MatchesModule, NotificationsModule, JobsModule],
  providers: [MatchDeadlinesHandler, MatchDeadlineReconciler],
})
export class MatchesJobsModule {}
