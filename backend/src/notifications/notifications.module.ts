import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { NotificationEntity } from './entities/notification.entity';
import { NotificationsRepository } from './notifications.repository';
import { Notifier } from './notifier';

/** Creating notifications (Notifier) and the `notifications` table, for every feature that notifies (both processes). */
@Module({
  imports: [TypeOrmModule.forFeature([NotificationEntity])],
  providers: [NotificationsRepository, Notifier],
  exports: [NotificationsRepository, Notifier],
})
export class NotificationsModule {}
