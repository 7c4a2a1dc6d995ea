import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import {
  MSG,
  type AddMatchHistoryResponse,
  type CreateLeagueMatchResponse,
  type JoinTeamResponse,
  type LeagueDisputeDetails,
  type LeagueHistoryResponse,
  type LeagueJoinMatchResponse,
  type LeagueLeaderboardResponse,
  type MatchDetails,
  type MessageResponse,
  type RematchResponse,
  type ReportScoreResponse,
  type ResolveDisputeResponse,
  type StartMatchResponse,
} from '@gotnext/shared';
import { AuthGuard } from '../common/auth/auth.guard';
import { assertActor, CurrentUser } from '../common/auth/current-user.decorator';
import type { AuthenticatedUser } from '../common/auth/authenticated-user';
import { DbIdParam } from '../common/input/db-id';
import { requireLeagueId } from '../leagues/league-id';
import { MatchActionDto, StartMatchDto } from '../matches/dto/match.dto';
import { AddMatchHistoryDto, ContestLeagueMatchDto, CreateLeagueMatchDto, LeagueJoinMatchDto, LeagueReportScoreDto, ResolveLeagueDisputeDto } from './dto/league-match.dto';
import { LeagueMatchesService } from './league-matches.service';
import { LeagueRecordsService } from './league-records.service';

const MatchIdParam = () => DbIdParam({ name: 'matchId', message: MSG.matchNotFound });

/** The league match calls (docs/leagues.md#league-matches). The acting player is the token's. */
@UseGuards(AuthGuard)
@Controller()
export class LeagueMatchesController {
  constructor(
    private readonly leagueMatches: LeagueMatchesService,
    private readonly records: LeagueRecordsService,
  ) {}

  @Post('leagues/create-match')
  @HttpCode(201)
  create(@CurrentUser() actor: AuthenticatedUser, @Body() body: CreateLeagueMatchDto): Promise<CreateLeagueMatchResponse> {
    assertActor(body.user_id, actor.id);
    return this.leagueMatches.create(actor.id, body.league_id, body.matchType, body.scoringType);
  }

  @Get('leagues/match-details/:matchId')
  details(@CurrentUser() actor: AuthenticatedUser, @MatchIdParam() matchId: number): Promise<MatchDetails> {
    return this.leagueMatches.details(actor.id, matchId);
  }

  @Post('leagues/join-team')
  @HttpCode(200)
  joinTeam(@CurrentUser() actor: AuthenticatedUser, @Body() body: MatchActionDto): Promise<JoinTeamResponse> {
    assertActor(body.user_id, actor.id);
    return this.leagueMatches.changeTeam(actor.id, body.match_id);
  }

  @Post('leagues/start-match/:matchId')
  @HttpCode(200)
  start(@CurrentUser() actor: AuthenticatedUser, @MatchIdParam() matchId: number, @Body() body: StartMatchDto): Promise<StartMatchResponse> {
    assertActor(body.user_id, actor.id);
    return this.leagueMatches.start(actor.id, matchId);
  }

  @Post('leagues/rematch/:matchId')
  @HttpCode(201)
  rematch(@CurrentUser() actor: AuthenticatedUser, @MatchIdParam() matchId: number, @Body() body: StartMatchDto): Promise<RematchResponse> {
    assertActor(body.user_id, actor.id);
    return this.leagueMatches.rematch(actor.id, matchId);
  }

  @Post('leagues/join-match')
  @HttpCode(200)
  join(@CurrentUser() actor: AuthenticatedUser, @Body() body: LeagueJoinMatchDto): Promise<LeagueJoinMatchResponse> {
    assertActor(body.user_id, actor.id);
    return this.leagueMatches.join(actor.id, body.league_id, body.match_code);
  }

  @Post('leagues/report-score')
  @HttpCode(200)
  report(@CurrentUser() actor: AuthenticatedUser, @Body() body: LeagueReportScoreDto): Promise<ReportScoreResponse> {
    assertActor(body.user_id, actor.id);
    return this.leagueMatches.report(actor.id, body);
  }

  @Get('league-dispute-match-details/:matchId')
  disputeDetails(@CurrentUser() actor: AuthenticatedUser, @MatchIdParam() matchId: number, @Query('league_id') leagueId?: string): Promise<LeagueDisputeDetails> {
    return this.leagueMatches.disputeDetails(actor.id, matchId, leagueId === undefined || leagueId === '' ? undefined : requireLeagueId(leagueId));
  }

  @Post('resolve-league-dispute')
  @HttpCode(200)
  resolve(@CurrentUser() actor: AuthenticatedUser, @Body() body: ResolveLeagueDisputeDto): Promise<ResolveDisputeResponse> {
    assertActor(body.user_id, actor.id);
    return this.leagueMatches.resolve(actor.id, body);
  }

  @Get('leagues/leaderboard/:leagueId')
  leaderboard(@CurrentUser() actor: AuthenticatedUser, @Param('leagueId') leagueId: string): Promise<LeagueLeaderboardResponse> {
    return this.records.leaderboard(actor.id, requireLeagueId(leagueId));
  }

  @Get('leagues/match-history/:leagueId')
  async history(@CurrentUser() actor: AuthenticatedUser, @Param('leagueId') leagueId: string, @Query('timezone') timezone?: unknown): Promise<LeagueHistoryResponse> {
    return { match_history: await this.records.history(actor.id, requireLeagueId(leagueId), timezone) };
  }

  @Post('leagues/add-match-history')
  @HttpCode(201)
  addHistory(@CurrentUser() actor: AuthenticatedUser, @Body() body: AddMatchHistoryDto): Promise<AddMatchHistoryResponse> {
    return this.records.addHistory(actor.id, body);
  }

  @Post('leagues/contest-match')
  @HttpCode(200)
  contest(@CurrentUser() actor: AuthenticatedUser, @Body() body: ContestLeagueMatchDto): Promise<MessageResponse> {
    return this.records.contest(actor.id, body.match_id);
  }
}
