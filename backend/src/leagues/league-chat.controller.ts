import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { MSG, type LeagueChatResponse, type SendLeagueChatResponse } from '@gotnext/shared';
import { parseCursor } from '../chat/chat-page';
import { chatSendBody } from '../chat/chat-send-body';
import { AuthGuard } from '../common/auth/auth.guard';
import { CurrentUser } from '../common/auth/current-user.decorator';
import type { AuthenticatedUser } from '../common/auth/authenticated-user';
import { LeagueChatService } from './league-chat.service';
import { requireLeagueId } from './league-id';

/** League chat (docs/leagues.md#chat): members only; newest page first, older ones by cursor. */
@Controller('leagues/chat')
@UseGuards(AuthGuard)
export class LeagueChatController {
  constructor(private readonly chat: LeagueChatService) {}

  @Get(':leagueId')
  history(@CurrentUser() actor: AuthenticatedUser, @Param('leagueId') leagueId: string, @Query('before') before?: unknown): Promise<LeagueChatResponse> {
    return this.chat.history(actor.id, requireLeagueId(leagueId), parseCursor(before));
  }

  /** SendLeagueChatDto's body, checked by chatSendBody in the pipe's words, as POST /api/send-message. */
  @Post()
  @HttpCode(201)
  send(@CurrentUser() actor: AuthenticatedUser, @Body() raw: unknown): Promise<SendLeagueChatResponse> {
    const { id, text } = chatSendBody(raw, 'league_id', MSG.leagueNotFound, 'message');
    return this.chat.send(actor.id, id, text);
  }
}
