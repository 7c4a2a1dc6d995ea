import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module';
import { JobsModule } from '../jobs/jobs.module';
import { MatchesHttpModule } from '../matches/matches.http.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { CourtCheckinsService } from './court-checkins.service';
import { CourtLobbyService } from './court-lobby.service';
import { CourtModerationService } from './court-moderation.service';
import { CourtPage } from './court-page';
import { CourtQueueService } from './court-queue.service';
import { CourtRunFormingPush } from './court-run-forming-push';
import { CourtRoomAccess } from './court-room-access';
import { CourtStatsModule } from './court-stats.module';
import { CourtsAdminController } from './courts-admin.controller';
import { CourtsController } from './courts.controller';
import { CourtsListeners } from './courts.listeners';
import { CourtsModule } from './courts.module';
import { CourtsService } from './courts.service';

/** The court calls, the ops' court queue, the `court:{id}` room check, the pushes and the run-forming alert (API). */
@Module({
  imports: [CourtsModule, CourtStatsModule, MatchesHttpModule, UsersModule, SessionsModule, RealtimeModule, AdminModule, JobsModule],
  controllers: [CourtsController, CourtsAdminController],
  providers: [CourtsService, CourtPage, CourtCheckinsService, CourtQueueService, CourtLobbyService, CourtModerationService, CourtRoomAccess, CourtsListeners, CourtRunFormingPush],
})
export class CourtsHttpModule {}
