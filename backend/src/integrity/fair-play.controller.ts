import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { MSG, type MatchChancesResponse, type MessageResponse, type OwnIntegrityCasesResponse, type RatingAccuracyResponse } from '@gotnext/shared';
import { AuthGuard } from '../common/auth/auth.guard';
import { CurrentUser } from '../common/auth/current-user.decorator';
import type { AuthenticatedUser } from '../common/auth/authenticated-user';
import { DbIdParam } from '../common/input/db-id';
import { IntegrityAppealDto } from './dto/fair-play.dto';
import { GlassBox } from './glass-box.service';
import { IntegrityCases } from './integrity-cases.service';

/** The players' fair-play calls: the rating's accuracy (public), a lobby's chances, one's own cases and the appeal. */
@Controller()
export class FairPlayController {
  constructor(
    private readonly glassBox: GlassBox,
    private readonly cases: IntegrityCases,
  ) {}

  @Get('rating-accuracy')
  accuracy(): Promise<RatingAccuracyResponse> {
    return this.glassBox.accuracy();
  }

  @Get('match-chances/:matchId')
  @UseGuards(AuthGuard)
  chances(@CurrentUser() actor: AuthenticatedUser, @DbIdParam({ name: 'matchId', message: MSG.matchNotFound }) matchId: number): Promise<MatchChancesResponse> {
    return this.glassBox.chances(actor.id, matchId);
  }

  @Get('integrity-cases')
  @UseGuards(AuthGuard)
  own(@CurrentUser() actor: AuthenticatedUser): Promise<OwnIntegrityCasesResponse> {
    return this.cases.own(actor.id);
  }

  @Post('integrity-cases/:caseId/appeal')
  @UseGuards(AuthGuard)
  @HttpCode(200)
  appeal(
    @CurrentUser() actor: AuthenticatedUser,
    @DbIdParam({ name: 'caseId', message: MSG.integrityCaseNotFound }) caseId: number,
    @Body() body: IntegrityAppealDto,
  ): Promise<MessageResponse> {
    return this.cases.appeal(caseId, actor.id, body.text);
  }
}
