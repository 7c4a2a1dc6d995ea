import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import {
  MSG,
  type ChatHistoryResponse,
  type ConversationsResponse,
  type MessageResponse,
  type SendMessageResponse,
  type UnreadMessagesResponse,
  type UserDetails,
} from '@gotnext/shared';
import { parseCursor } from '../chat/chat-page';
import { chatSendBody } from '../chat/chat-send-body';
import { AuthGuard } from '../common/auth/auth.guard';
import { CurrentUser } from '../common/auth/current-user.decorator';
import type { AuthenticatedUser } from '../common/auth/authenticated-user';
import { requirePlayerId } from '../friends/player-id';
import { MessagesService } from './messages.service';

/** The direct-message calls (docs/social.md#messages). The acting player is the token's. */
@Controller()
@UseGuards(AuthGuard)
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Get('unread-messages')
  async unread(@CurrentUser() actor: AuthenticatedUser): Promise<UnreadMessagesResponse> {
    return { unreadCount: await this.messages.unreadCount(actor.id) };
  }

  @Get('messages')
  conversations(@CurrentUser() actor: AuthenticatedUser, @Query('timezone') timezone?: unknown): Promise<ConversationsResponse> {
    return this.messages.conversations(actor.id, timezone);
  }

  @Get('user-details/:userId')
  details(@CurrentUser() actor: AuthenticatedUser, @Param('userId') userId: string): Promise<UserDetails> {
    return this.messages.details(actor.id, requirePlayerId(userId));
  }

  /** Timestamps are ISO instants the browser shows in its own zone; `timezone` is accepted for the spec's call. */
  @Get('chat-history/:userId')
  history(@CurrentUser() actor: AuthenticatedUser, @Param('userId') userId: string, @Query('before') before?: unknown): Promise<ChatHistoryResponse> {
    return this.messages.history(actor.id, requirePlayerId(userId), parseCursor(before));
  }

  @Post('mark-messages-read/:userId')
  @HttpCode(200)
  async markRead(@CurrentUser() actor: AuthenticatedUser, @Param('userId') userId: string): Promise<MessageResponse> {
    await this.messages.markRead(actor.id, requirePlayerId(userId));
    return { message: MSG.messagesMarkedRead };
  }

  /**
   * The body is SendMessageDto's, checked by chatSendBody with the ValidationPipe's exact answers
   * (`unknown` here so the pipe skips it; docs/social.md#sending-over-the-socket): the send is the
   * hot call, and class-transformer with class-validator cost a few % of its CPU.
   */
  @Post('send-message')
  @HttpCode(201)
  send(@CurrentUser() actor: AuthenticatedUser, @Body() raw: unknown): Promise<SendMessageResponse> {
    const { id, text } = chatSendBody(raw, 'recipient_id', MSG.playerNotFound, 'content');
    return this.messages.send(actor.id, id, text);
  }
}
