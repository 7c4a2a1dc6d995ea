import { Module } from '@nestjs/common';
import { ChatModule } from '../chat/chat.module';
import { LeagueHistoryModule } from '../league-matches/league-history.module';
import { MediaModule } from '../media/media.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { SessionsModule } from '../sessions/sessions.module';
import { LeagueChatController } from './league-chat.controller';
import { LeagueChatGateway } from './league-chat.gateway';
import { LeagueChatRepository } from './league-chat.repository';
import { LeagueChatService } from './league-chat.service';
import { LeagueMessageBatcher } from './league-message-batcher';
import { LeagueInvitesService } from './league-invites.service';
import { LeagueMembershipController } from './league-membership.controller';
import { LeagueRoomAccess } from './league-room-access';
import { LeagueSettingsService } from './league-settings.service';
import { LeaguesController } from './leagues.controller';
import { LeaguesListeners } from './leagues.listeners';
import { LeaguesModule } from './leagues.module';
import { LeaguesService } from './leagues.service';

/** The league calls, league chat, the `league:{id}` room check and the pushes (API only). */
@Module({
  imports: [LeaguesModule, LeagueHistoryModule, ChatModule, MediaModule, NotificationsModule, RealtimeModule, SessionsModule],
  controllers: [LeaguesController, LeagueMembershipController, LeagueChatController],
  providers: [LeaguesService, LeagueSettingsService, LeagueInvitesService, LeagueChatRepository, LeagueMessageBatcher, LeagueChatService, LeagueChatGateway, LeaguesListeners, LeagueRoomAccess],
})
export class LeaguesHttpModule {}
