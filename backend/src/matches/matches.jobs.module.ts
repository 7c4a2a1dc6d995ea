import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { MatchNotificationsListener } from '../notifications/match-notifications.listener';
import { NotificationsModule } from '../notifications/notifications.module';
import { RealtimeEmitterModule } from '../realtime/realtime-emitter.module';
import { MatchDeadlineReconciler } from './match-deadline-reconciler';
import { MatchDeadlinesHandler } from './match-deadlines.handler';
import { MatchesModule } from './matches.module';

/** The worker side of matches: the `match-deadlines` queue's handler and the reconciler that keeps every open match's deadlines in it. */
@Module({
  imports: [MatchesModule, NotificationsModule, RealtimeEmitterModule, JobsModule],
  // The deadline handler settles matches in the worker: their bells are told here (docs/notifications.md#flags).
  providers: [MatchDeadlinesHandler, MatchNotificationsListener, MatchDeadlineReconciler],
})
export class MatchesJobsModule {}
