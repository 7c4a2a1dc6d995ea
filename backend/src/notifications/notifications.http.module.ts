import { DynamicModule, Module, type Type } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { NotificationsController } from './notifications.controller';
import { NotificationsModule } from './notifications.module';
import { NotificationsService } from './notifications.service';

/**
 * The notification center calls: list, mark read, delete. The unread-message count belongs to
 * direct messages: the API registers this module with the module that exports
 * UnreadMessagesSource, so this folder does not depend on the messages feature.
 */
@Module({})
export class NotificationsHttpModule {
  static withUnreadMessagesFrom(unreadMessages: Type<unknown>): DynamicModule {
    return {
      module: NotificationsHttpModule,
      imports: [NotificationsModule, SessionsModule, unreadMessages],
      controllers: [NotificationsController],
      providers: [NotificationsService],
    };
  }
}
