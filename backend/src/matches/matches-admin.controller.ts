import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { MSG, type AdminDisputesResponse, type MessageResponse } from '@gotnext/shared';
import { AdminGuard } from '../admin/admin.guard';
import { DbIdParam } from '../common/input/db-id';
import { AdminDisputeDecisionDto } from './dto/match.dto';
import { MatchScoresService } from './match-scores.service';

/** The ops' dispute queue (docs/matches.md#moderation), behind the admin credentials. */
@Controller('admin/disputes')
@UseGuards(AdminGuard)
export class MatchesAdminController {
  constructor(private readonly scores: MatchScoresService) {}

  @Get()
  list(): Promise<AdminDisputesResponse> {
    return this.scores.moderationQueue();
  }

  @Post(':matchId')
  @HttpCode(200)
  decide(@DbIdParam({ name: 'matchId', message: MSG.matchNotFound }) matchId: number, @Body() body: AdminDisputeDecisionDto): Promise<MessageResponse> {
    return this.scores.decide(matchId, body.decision === 'void' ? { decision: 'void' } : { decision: 'score', a: body.team_a_score!, b: body.team_b_score! });
  }
}
