import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import type { LeagueChatResponse, SendLeagueChatResponse } from '@gotnext/shared';
import { parseCursor } from '../chat/chat-page';
import { AuthGuard } from '../common/auth/auth.guard';
import { CurrentUser } from '../common/auth/current-user.decorator';
import type { AuthenticatedUser } from '../common/auth/authenticated-user';
import { SendLeagueChatDto } from './dto/leagues.dto';
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

  @Post()
  @HttpCode(201)
  send(@CurrentUser() actor: AuthenticatedUser, @Body() body: SendLeagueChatDto): Promise<SendLeagueChatResponse> {
    return this.chat.send(actor.id, body.league_id, body.message);
  }
}
