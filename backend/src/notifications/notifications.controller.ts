import { Controller, Delete, Get, HttpCode, NotFoundException, Param, Post, Query, UseGuards } from '@nestjs/common';
import { MSG, parseDbId, UNREAD_MESSAGES_ID, type MessageResponse, type NotificationsResponse } from '@gotnext/shared';
import { AuthGuard } from '../common/auth/auth.guard';
import { CurrentUser } from '../common/auth/current-user.decorator';
import type { AuthenticatedUser } from '../common/auth/authenticated-user';
import { NotificationsService } from './notifications.service';

@Controller('notifications')
@UseGuards(AuthGuard)
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  /**
   * Timestamps are ISO 8601 instants, which the browser shows in its own zone; `timezone` is
   * accepted for wire compatibility with the spec's call.
   */
  @Get()
  list(@CurrentUser() actor: AuthenticatedUser, @Query('timezone') _timezone?: string): Promise<NotificationsResponse> {
    return this.notifications.list(actor.id);
  }

  @Post('mark-read')
  @HttpCode(200)
  async markRead(@CurrentUser() actor: AuthenticatedUser): Promise<MessageResponse> {
    await this.notifications.markAllRead(actor.id);
    return { message: MSG.notificationsMarkedRead };
  }

  @Post('mark-messages-read')
  @HttpCode(200)
  async markMessagesRead(@CurrentUser() actor: AuthenticatedUser): Promise<MessageResponse> {
    await this.notifications.markMessagesRead(actor.id);
    return { message: MSG.messagesMarkedRead };
  }

  /** The synthetic unread-messages item is dismissed by marking the messages read (docs/notifications.md). */
  @Delete(':id')
  async remove(@CurrentUser() actor: AuthenticatedUser, @Param('id') id: string): Promise<MessageResponse> {
    if (id === UNREAD_MESSAGES_ID) {
      await this.notifications.markMessagesRead(actor.id);
      return { message: MSG.messagesMarkedRead };
    }
    const notificationId = parseDbId(id);
    if (notificationId === null) throw new NotFoundException({ message: MSG.notificationNotFound });
    await this.notifications.remove(actor.id, notificationId);
    return { message: MSG.notificationDeleted };
  }
}
