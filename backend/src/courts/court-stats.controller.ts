import { Controller, Get, UseGuards } from '@nestjs/common';
import { COURT_MSG, MSG, type CourtStatsResponse, type CourtTitlesResponse } from '@gotnext/shared';
import { AuthGuard } from '../common/auth/auth.guard';
import { CurrentUser } from '../common/auth/current-user.decorator';
import type { AuthenticatedUser } from '../common/auth/authenticated-user';
import { DbIdParam } from '../common/input/db-id';
import { CourtStatsService } from './court-stats.service';

/**
 * A court's busy hours and leaders, and a player's court titles (docs/courts.md#busy-hours,
 * #court-leaders): read apart from the court page, which is polled, so they cost nothing per poll.
 */
@Controller()
@UseGuards(AuthGuard)
export class CourtStatsController {
  constructor(private readonly stats: CourtStatsService) {}

  @Get('courts/:courtId/stats')
  read(@CurrentUser() actor: AuthenticatedUser, @DbIdParam({ name: 'courtId', message: COURT_MSG.courtNotFound }) courtId: number): Promise<CourtStatsResponse> {
    return this.stats.stats(courtId, actor.id);
  }

  /** An unknown or deleted player holds no title: an empty list, as the profile itself says who exists. */
  @Get('court-titles/:userId')
  async titles(@CurrentUser() actor: AuthenticatedUser, @DbIdParam({ name: 'userId', message: MSG.playerNotFound }) userId: number): Promise<CourtTitlesResponse> {
    return { titles: await this.stats.titles(userId, actor.id) };
  }
}
