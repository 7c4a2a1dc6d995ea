import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { PresenceModule } from '../presence/presence.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { FriendsController } from './friends.controller';
import { FriendsListeners } from './friends.listeners';
import { FriendsModule } from './friends.module';
import { FriendsService } from './friends.service';

/** The friends calls, and the pushes that follow a change. */
@Module({
  imports: [FriendsModule, NotificationsModule, PresenceModule, RealtimeModule, SessionsModule, UsersModule],
  controllers: [FriendsController],
  providers: [FriendsService, FriendsListeners],
})
export class FriendsHttpModule {}
