import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { NotificationsController } from './notifications.controller';
import { NotificationsModule } from './notifications.module';
import { NotificationsService } from './notifications.service';
import { NoDirectMessagesYet, UnreadMessagesSource } from './unread-messages';

/** The notification center calls: list, mark read, delete. */
@Module({
  imports: [NotificationsModule, SessionsModule],
  controllers: [NotificationsController],
  providers: [NotificationsService, { provide: UnreadMessagesSource, useClass: NoDirectMessagesYet }],
})
export class NotificationsHttpModule {}
