import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { MatchDeadlinesHandler } from './match-deadlines.handler';
import { MatchesModule } from './matches.module';

/** The worker side of matches: the `match-deadlines` queue's handler. */
@Module({
  imports: [MatchesModule, NotificationsModule],
  providers: [MatchDeadlinesHandler],
})
export class MatchesJobsModule {}
