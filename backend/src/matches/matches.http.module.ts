import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module';
import { SessionsModule } from '../sessions/sessions.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { UsersModule } from '../users/users.module';
import { MatchLobbyService } from './match-lobby.service';
import { MatchRoomAccess } from './match-room-access';
import { MatchScoresService } from './match-scores.service';
import { MatchesController } from './matches.controller';
import { MatchesAdminController } from './matches-admin.controller';
import { MatchesModule } from './matches.module';
import { OpenLobbiesRepository } from './open-lobbies.repository';

/** Every match call, the ops' dispute queue, and who may join a match's room. */
@Module({
  imports: [MatchesModule, NotificationsModule, UsersModule, SessionsModule, RealtimeModule, AdminModule],
  controllers: [MatchesController, MatchesAdminController],
  providers: [MatchLobbyService, MatchScoresService, MatchRoomAccess, OpenLobbiesRepository],
  // League matches run on the same lobby and score services (docs/leagues.md#league-matches).
  exports: [MatchLobbyService, MatchScoresService],
})
export class MatchesHttpModule {}
