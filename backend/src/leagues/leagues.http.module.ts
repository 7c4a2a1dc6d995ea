import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { ChatModule } from '../chat/chat.module';
import { MediaModule } from '../media/media.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { SessionsModule } from '../sessions/sessions.module';
import { ThrottleModule } from '../throttle/throttle.module';
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
import { LeaguesAccountListener } from './leagues-account.listener';
import { LeaguesModule } from './leagues.module';
import { LeaguesService } from './leagues.service';

/**
 * The league calls, league chat and the `league:{id}` room check (API only; the pushes:
 * realtime/realtime.listeners.ts), and a deleted account leaving its leagues: `account.deleted` is
 * recorded by the API alone (RECORDED_IN), so its listener is registered here.
 */
@Module({})
export class LeaguesHttpModule {
  /** `matchHistory` is the module that exports LeagueMatchHistorySource (league-matches' LeagueHistoryModule). */
  static withMatchHistoryFrom(matchHistory: Type<unknown>): DynamicModule {
    return {
      module: LeaguesHttpModule,
      imports: [LeaguesModule, matchHistory, ChatModule, MediaModule, NotificationsModule, RealtimeModule, SessionsModule, ThrottleModule],
      controllers: [LeaguesController, LeagueMembershipController, LeagueChatController],
      providers: [
        LeaguesService,
        LeagueSettingsService,
        LeagueInvitesService,
        LeagueChatRepository,
        LeagueMessageBatcher,
        LeagueChatService,
        LeagueChatGateway,
        LeagueRoomAccess,
        LeaguesAccountListener,
      ],
    };
  }
}
