import { Controller, Get, Header, Param, Query, UseGuards } from '@nestjs/common';
import type { TopPlayersResponse } from '@gotnext/shared';
import { OptionalAuthGuard } from '../common/auth/auth.guard';
import { CurrentUser } from '../common/auth/current-user.decorator';
import type { AuthenticatedUser } from '../common/auth/authenticated-user';
import { LeaderboardQueryDto } from './dto/leaderboard-query.dto';
import { LeaderboardsService } from './leaderboards.service';

/** Open to visitors; a logged-in caller does not see players blocked either way, and gets their own row. */
@Controller()
@UseGuards(OptionalAuthGuard)
export class LeaderboardsController {
  constructor(private readonly boards: LeaderboardsService) {}

  @Get('top-players')
  topPlayers(@CurrentUser() viewer: AuthenticatedUser | undefined): Promise<TopPlayersResponse> {
    return this.boards.topPlayers(viewer?.id);
  }

  /**
   * region: 'National' (the world), a country, a US state code (docs/leaderboards.md#regions).
   * The service writes the LeaderboardResponse's JSON itself, reusing a cached page's.
   */
  @Get('leaderboards/:region')
  @Header('content-type', 'application/json; charset=utf-8')
  board(@CurrentUser() viewer: AuthenticatedUser | undefined, @Param('region') region: string, @Query() query: LeaderboardQueryDto): Promise<string> {
    return this.boards.board(region, { page: query.page, search: query.search }, viewer?.id);
  }
}
