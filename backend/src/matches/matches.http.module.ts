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
import { InviteVerifyingGateway } from './invite-verifying.gateway';
import { MatchInvitesController } from './match-invites.controller';
import { MatchInvitesRepository } from './match-invites.repository';
import { MatchInvitesService } from './match-invites.service';
import { OpenLobbiesRepository } from './open-lobbies.repository';
import { ThrottleModule } from '../throttle/throttle.module';

/** Every match call, the ops' dispute queue, who may join a match's room, and the invite preview with its verifying signal. */
@Module({
  imports: [MatchesModule, NotificationsModule, UsersModule, SessionsModule, RealtimeModule, AdminModule, ThrottleModule],
  controllers: [MatchesController, MatchesAdminController, MatchInvitesController],
  providers: [MatchLobbyService, MatchScoresService, MatchRoomAccess, OpenLobbiesRepository, MatchInvitesRepository, MatchInvitesService, InviteVerifyingGateway],
  // League matches run on the same lobby and score services (docs/leagues.md#league-matches).
  exports: [MatchLobbyService, MatchScoresService],
})
export class MatchesHttpModule {}
