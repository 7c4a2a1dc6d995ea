import { Controller, Get, NotFoundException, Param, Query, UseGuards } from '@nestjs/common';
import { MSG, type UserProfile, type UserStatsResponse } from '@gotnext/shared';
import { AuthGuard, OptionalAuthGuard } from '../common/auth/auth.guard';
import { CurrentUser } from '../common/auth/current-user.decorator';
import type { AuthenticatedUser } from '../common/auth/authenticated-user';
import { ProfilesService } from './profiles.service';

function userIdOf(raw: string): number {
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) throw new NotFoundException({ message: MSG.playerNotFound });
  return Number(raw);
}
@Controller()
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  /** Match history (newest first; all of it with fullHistory=true) and statistics. */
  @Get('user-stats/:userId')
  @UseGuards(AuthGuard)
  stats(
    @CurrentUser() viewer: AuthenticatedUser,
    @Param('userId') userId: string,
    @Query('timezone') timezone: unknown,
    @Query('fullHistory') fullHistory: unknown,
  ): Promise<UserStatsResponse> {
    return this.profiles.stats(viewer.id, userIdOf(userId), timezone, fullHistory === 'true');
  }

  /** Public profile; open to visitors. */
  @Get('user-profile/:userId')
  @UseGuards(OptionalAuthGuard)
  profile(@CurrentUser() viewer: AuthenticatedUser | undefined, @Param('userId') userId: string, @Query('timezone') timezone: unknown): Promise<UserProfile> {
    return this.profiles.profile(viewer?.id, userIdOf(userId), timezone);
  }
}
