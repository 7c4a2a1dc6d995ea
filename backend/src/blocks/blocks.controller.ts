import { Body, Controller, Get, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { MSG, type BlockedUsersResponse, type MessageResponse, type PlayersResponse } from '@gotnext/shared';
import { AuthGuard, OptionalAuthGuard } from '../common/auth/auth.guard';
import { CurrentUser } from '../common/auth/current-user.decorator';
import type { AuthenticatedUser } from '../common/auth/authenticated-user';
import { BlocksService } from './blocks.service';
import { PlayerSearchService } from './player-search.service';
import { BlockUserDto, UnblockUserDto } from './dto/block.dto';
@Controller()
export class BlocksController {
  constructor(
    private readonly blocks: BlocksService,
    private readonly search: PlayerSearchService,
  ) {}

  @Get('blocked-users')
  @UseGuards(AuthGuard)
  async blocked(@CurrentUser() actor: AuthenticatedUser): Promise<BlockedUsersResponse> {
    return { users: await this.blocks.list(actor.id) };
  }

  @Post('block-user')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  async block(@CurrentUser() actor: AuthenticatedUser, @Body() body: BlockUserDto): Promise<MessageResponse> {
    await this.blocks.block(actor.id, body.username);
    return { message: MSG.playerBlocked };
  }

  @Post('unblock-user')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  async unblock(@CurrentUser() actor: AuthenticatedUser, @Body() body: UnblockUserDto): Promise<MessageResponse> {
    await this.blocks.unblock(actor.id, body);
    return { message: MSG.playerUnblocked };
  }

  /** Open to visitors (docs/identity-rules.md); a logged-in searcher gets the block filter. */
  @Get('players')
  @UseGuards(OptionalAuthGuard)
  async players(@CurrentUser() viewer: AuthenticatedUser | undefined, @Query('query') query?: unknown): Promise<PlayersResponse> {
    return { players: await this.search.search(typeof query === 'string' ? query : '', viewer?.id) };
  }
}
