import { Module } from '@nestjs/common';
import { LeaguesModule } from '../leagues/leagues.module';
import { MatchesHttpModule } from '../matches/matches.http.module';
import { MatchesModule } from '../matches/matches.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { RatingsModule } from '../ratings/ratings.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { SessionsModule } from '../sessions/sessions.module';
import { ThrottleModule } from '../throttle/throttle.module';
import { UsersModule } from '../users/users.module';
import { LeagueHistoryModule } from './league-history.module';
import { LeagueMatchesController } from './league-matches.controller';
import { LeagueMatchesRepository } from './league-matches.repository';
import { LeagueMatchesService } from './league-matches.service';
import { LeagueRecordsService } from './league-records.service';

/** The league match calls (API only), on the match engine's services (the standings pushes: realtime/realtime.listeners.ts). */
@Module({
  imports: [MatchesModule, MatchesHttpModule, LeaguesModule, LeagueHistoryModule, NotificationsModule, RatingsModule, UsersModule, SessionsModule, RealtimeModule, ThrottleModule],
  controllers: [LeagueMatchesController],
  providers: [LeagueMatchesService, LeagueRecordsService, LeagueMatchesRepository],
})
export class LeagueMatchesHttpModule {}
