import { Controller, Get, Header, Query, UseGuards } from '@nestjs/common';
import { DbIdParam } from '../common/input/db-id';
import { MSG, type HeadToHeadResponse, type RatingHistoryResponse, type UserProfile, type UserStatsResponse } from '@gotnext/shared';
import { AuthGuard, OptionalAuthGuard } from '../common/auth/auth.guard';
import { CurrentUser } from '../common/auth/current-user.decorator';
import type { AuthenticatedUser } from '../common/auth/authenticated-user';
import { ProfilesService } from './profiles.service';
import { JSON_CONTENT_TYPE, type JsonText } from '../common/http/json-text';

/** A path id that is not a positive integer within PostgreSQL's integer names no player. */
const UserIdParam = () => DbIdParam({ name: 'userId', message: MSG.playerNotFound });
@Controller()
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  /** Match history (newest first; all of it with fullHistory=true) and statistics; already JSON (common/http/json-text.ts). */
  @Get('user-stats/:userId')
  @UseGuards(AuthGuard)
  @Header('content-type', JSON_CONTENT_TYPE)
  stats(
    @CurrentUser() viewer: AuthenticatedUser,
    @UserIdParam() userId: number,
    @Query('timezone') timezone: unknown,
    @Query('fullHistory') fullHistory: unknown,
  ): Promise<JsonText<UserStatsResponse>> {
    return this.profiles.stats(viewer.id, userId, timezone, fullHistory === 'true');
  }

  /** Public profile; open to visitors. Already JSON (common/http/json-text.ts). */
  @Get('user-profile/:userId')
  @UseGuards(OptionalAuthGuard)
  @Header('content-type', JSON_CONTENT_TYPE)
  profile(@CurrentUser() viewer: AuthenticatedUser | undefined, @UserIdParam() userId: number, @Query('timezone') timezone: unknown): Promise<JsonText<UserProfile>> {
    return this.profiles.profile(viewer?.id, userId, timezone);
  }

  /** Rating history, peak and provisional games left (docs/rating.md#rating-history); open to visitors like the profile. */
  @Get('rating-history/:userId')
  @UseGuards(OptionalAuthGuard)
  ratingHistory(@CurrentUser() viewer: AuthenticatedUser | undefined, @UserIdParam() userId: number): Promise<RatingHistoryResponse> {
    return this.profiles.ratingHistory(viewer?.id, userId);
  }

  /** The caller's record against a player. */
  @Get('head-to-head/:userId')
  @UseGuards(AuthGuard)
  headToHead(@CurrentUser() viewer: AuthenticatedUser, @UserIdParam() userId: number): Promise<HeadToHeadResponse> {
    return this.profiles.headToHead(viewer.id, userId);
  }
}
