import { Injectable } from '@nestjs/common';
import { UnreadMessagesSource, type UnreadMessages } from '../notifications/unread-messages';
import { MessagesRepository } from './messages.repository';
import { MessagesService } from './messages.service';

/** The bell's unread-message count and "mark messages read", from direct messages (docs/notifications.md#unread-messages). */
@Injectable()
export class DirectMessagesUnread extends UnreadMessagesSource {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly service: MessagesService,
  ) {
    super();
  }

  unreadOf(userId: number): Promise<UnreadMessages> {
    return this.messages.unreadOf(userId);
  }

  markAllRead(userId: number): Promise<void> {
    return this.service.markAllRead(userId);
  }
}
