import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { PresenceModule } from '../presence/presence.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { FriendsController } from './friends.controller';
import { FriendsModule } from './friends.module';
import { FriendsService } from './friends.service';

/** The friends calls (their pushes: realtime/realtime.listeners.ts). */
@Module({
  imports: [FriendsModule, NotificationsModule, PresenceModule, RealtimeModule, SessionsModule, UsersModule],
  controllers: [FriendsController],
  providers: [FriendsService],
})
export class FriendsHttpModule {}
