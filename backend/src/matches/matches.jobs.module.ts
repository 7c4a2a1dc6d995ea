import { Module } from '@nestjs/common';
import { MatchNotificationsListener } from '../notifications/match-notifications.listener';
import { NotificationsModule } from '../notifications/notifications.module';
import { RealtimeEmitterModule } from '../realtime/realtime-emitter.module';
import { MatchDeadlinesHandler } from './match-deadlines.handler';
import { MatchesModule } from './matches.module';

/** The worker side of matches: the `match-deadlines` queue's handler. */
@Module({
  imports: [MatchesModule, NotificationsModule, RealtimeEmitterModule],
  // The deadline handler settles matches in the worker: their bells are told here (docs/notifications.md#flags).
  providers: [MatchDeadlinesHandler, MatchNotificationsListener],
})
export class MatchesJobsModule {}
