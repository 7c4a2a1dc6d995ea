import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from './config/env';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { RedisModule } from './redis/redis.module';
import { JobsModule } from './jobs/jobs.module';
import { RealtimeModule } from './realtime/realtime.module';
import { HealthHttpModule } from './health/health.http.module';
import { AdminModule } from './admin/admin.module';
import { AuthHttpModule } from './auth/auth.http.module';
import { UsersHttpModule } from './users/users.http.module';
import { VerificationHttpModule } from './verification/verification.http.module';
import { BlocksHttpModule } from './blocks/blocks.http.module';
import { PushHttpModule } from './push/push.http.module';
import { LinkPreviewsModule } from './link-previews/link-previews.module';
import { NotificationsHttpModule } from './notifications/notifications.http.module';
import { MatchesHttpModule } from './matches/matches.http.module';
import { ProfilesHttpModule } from './profiles/profiles.http.module';
import { LeaderboardsHttpModule } from './leaderboards/leaderboards.http.module';
import { ArticlesHttpModule } from './articles/articles.http.module';
import { EmailModule } from './email/email.module';
import { MatchesModule } from './matches/matches.module';
import { RatingsModule } from './ratings/ratings.module';
import { VerificationModule } from './verification/verification.module';
import { HttpDrain } from './common/http-drain';
import { FriendsHttpModule } from './friends/friends.http.module';
import { MessagesHttpModule } from './messages/messages.http.module';
import { MessagesModule } from './messages/messages.module';
import { PresenceSocketModule } from './presence/presence.socket.module';
import { ReportsHttpModule } from './reports/reports.http.module';
import { IntegrityHttpModule } from './integrity/integrity.http.module';
import { LeaguesHttpModule } from './leagues/leagues.http.module';
import { LeagueHistoryModule } from './league-matches/league-history.module';
import { LeagueMatchesHttpModule } from './league-matches/league-matches.http.module';
import { CourtsHttpModule } from './courts/courts.http.module';
import { WitnessedHttpModule } from './witnessed/witnessed.http.module';

/**
 * Everything the API process serves: infrastructure (config, database, Redis are global), realtime
 * with REALTIME_SINK bound to the Socket.IO server, each feature's HTTP module, and the feature
 * modules whose after-commit listeners must run here (mail, deadlines, rating jobs, leaderboards,
 * ID checks). No job handlers: those run in the worker.
 */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot(config.DATABASE_URL, 'api'),
        RedisModule,
        JobsModule,
        RealtimeModule,
        HealthHttpModule,
        AdminModule,
        AuthHttpModule,
        UsersHttpModule,
        VerificationHttpModule,
        BlocksHttpModule,
        PushHttpModule,
        LinkPreviewsModule,
        // The bell's unread-message count comes from direct messages (docs/notifications.md#unread-messages).
        NotificationsHttpModule.withUnreadMessagesFrom(MessagesModule),
        MatchesHttpModule,
        ProfilesHttpModule,
        FriendsHttpModule,
        MessagesHttpModule,
        PresenceSocketModule,
        ReportsHttpModule,
        IntegrityHttpModule,
        LeaderboardsHttpModule,
        ArticlesHttpModule,
        LeaguesHttpModule.withMatchHistoryFrom(LeagueHistoryModule),
        LeagueMatchesHttpModule,
        CourtsHttpModule,
        WitnessedHttpModule,
        EmailModule,
        MatchesModule,
        RatingsModule,
        VerificationModule,
      ],
      providers: [HttpDrain],
    };
  }
}
