import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { UsersModule } from '../users/users.module';
import { MatchLobbyService } from './match-lobby.service';
import { MatchRoomAccess } from './match-room-access';
import { MatchScoresService } from './match-scores.service';
import { MatchesController } from './matches.controller';
import { MatchesModule } from './matches.module';

/** Every match call, and who may join a match's room. */
@Module({
  imports: [MatchesModule, NotificationsModule, UsersModule, SessionsModule, RealtimeModule],
  controllers: [MatchesController],
  providers: [MatchLobbyService, MatchScoresService, MatchRoomAccess],
  // League matches run on the same lobby and score services (docs/leagues.md#league-matches).
  exports: [MatchLobbyService, MatchScoresService],
})
export class MatchesHttpModule {}
