import { Body, Controller, Get, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiQuery, ApiTags } from '@nestjs/swagger';
import { MSG, type BlockedUsersResponse, type MessageResponse, type PlayersResponse } from '@gotnext/shared';
import { AuthGuard, OptionalAuthGuard } from '../common/auth/auth.guard';
import { CurrentUser } from '../common/auth/current-user.decorator';
import type { AuthenticatedUser } from '../common/auth/authenticated-user';
import { BlocksService } from './blocks.service';
import { PlayerSearchService } from './player-search.service';
import { BlockUserDto, UnblockUserDto } from './dto/block.dto';

@ApiTags('blocking and search')
@Controller()
export class BlocksController {
  constructor(
    private readonly blocks: BlocksService,
    private readonly search: PlayerSearchService,
  ) {}

  @Get('blocked-users')
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  async blocked(@CurrentUser() actor: AuthenticatedUser): Promise<BlockedUsersResponse> {
    return { users: await this.blocks.list(actor.id) };
  }

  @Post('block-user')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  async block(@CurrentUser() actor: AuthenticatedUser, @Body() body: BlockUserDto): Promise<MessageResponse> {
    await this.blocks.block(actor.id, body.username);
    return { message: MSG.playerBlocked };
  }

  @Post('unblock-user')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  async unblock(@CurrentUser() actor: AuthenticatedUser, @Body() body: UnblockUserDto): Promise<MessageResponse> {
    await this.blocks.unblock(actor.id, body);
    return { message: MSG.playerUnblocked };
  }

  /** Open to visitors (core §6); a logged-in searcher gets the block filter. */
  @Get('players')
  @UseGuards(OptionalAuthGuard)
  @ApiQuery({ name: 'query', required: false })
  async players(@CurrentUser() viewer: AuthenticatedUser | undefined, @Query('query') query?: unknown): Promise<PlayersResponse> {
    return { players: await this.search.search(typeof query === 'string' ? query : '', viewer?.id) };
  }
}
