import { Module } from '@nestjs/common';
import { FriendsModule } from '../friends/friends.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { SessionsModule } from '../sessions/sessions.module';
import { MessagesController } from './messages.controller';
import { MessagesGateway } from './messages.gateway';
import { MessagesModule } from './messages.module';
import { TypingGateway } from './typing.gateway';

/** The direct-message calls (REST and `message:send`) and the typing indicator (their pushes: realtime/realtime.listeners.ts). */
@Module({
  imports: [MessagesModule, FriendsModule, RealtimeModule, SessionsModule],
  controllers: [MessagesController],
  providers: [MessagesGateway, TypingGateway],
})
export class MessagesHttpModule {}
