import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { NotificationEntity } from './entities/notification.entity';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';
import { NoDirectMessagesYet, UnreadMessagesSource } from './unread-messages';

/** The notification center calls. Creating notifications is Notifier's job (NotifierModule). */
@Module({
  imports: [TypeOrmModule.forFeature([NotificationEntity])],
  controllers: [NotificationsController],
  providers: [NotificationsService, { provide: UnreadMessagesSource, useClass: NoDirectMessagesYet }],
})
export class NotificationsModule {}
