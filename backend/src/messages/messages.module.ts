import { Module } from '@nestjs/common';
import { ChatModule } from '../chat/chat.module';
import { FriendsModule } from '../friends/friends.module';
import { UnreadMessagesSource } from '../notifications/unread-messages';
import { PresenceModule } from '../presence/presence.module';
import { DirectMessagesUnread } from './direct-messages-unread';
import { MessagesRepository } from './messages.repository';
import { DirectMessageBatcher } from './direct-message-batcher';
import { MessagesService } from './messages.service';

/**
 * Direct messages: the table, the service, and the bell's unread-message count
 * (UnreadMessagesSource, which the notifications calls are registered with in app.module).
 */
@Module({
  imports: [ChatModule, FriendsModule, PresenceModule],
  providers: [MessagesRepository, DirectMessageBatcher, MessagesService, DirectMessagesUnread, { provide: UnreadMessagesSource, useExisting: DirectMessagesUnread }],
  exports: [MessagesService, UnreadMessagesSource],
})
export class MessagesModule {}
