import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { DbIdParam } from '../common/input/db-id';
import {
  MSG,
  type CreateMatchResponse,
  type DisputeDetails,
  type JoinMatchResponse,
  type JoinOpenLobbyResponse,
  type OpenLobbiesResponse,
  type JoinTeamResponse,
  type MatchDetails,
  type MatchLeftResponse,
  type MatchTypeResponse,
  type MyMatchesResponse,
  type RematchResponse,
  type ReportScoreResponse,
  type ResolveDisputeResponse,
  type StartMatchResponse,
} from '@gotnext/shared';
import { AuthGuard } from '../common/auth/auth.guard';
import { assertActor, CurrentUser } from '../common/auth/current-user.decorator';
import type { AuthenticatedUser } from '../common/auth/authenticated-user';
import { CreateMatchDto, JoinMatchDto, ReportScore1v1Dto, ReportScoreTeamsDto, ResolveDispute1v1Dto, ResolveDisputeTeamsDto, StartMatchDto } from './dto/match.dto';
import { matchActionBody } from './match-action-body';
import { MatchLobbyService } from './match-lobby.service';
import { MatchScoresService } from './match-scores.service';

/** A path id that is not a positive integer within PostgreSQL's integer names no match. */
const MatchIdParam = () => DbIdParam({ name: 'matchId', message: MSG.matchNotFound });

/** Every match call (docs/matches.md). The acting user is the token's; a differing payload user_id is refused. */
@UseGuards(AuthGuard)
@Controller()
export class MatchesController {
  constructor(
    private readonly lobby: MatchLobbyService,
    private readonly scores: MatchScoresService,
  ) {}

  @Post('create-match-:type')
  @HttpCode(201)
  create(@CurrentUser() actor: AuthenticatedUser, @Param('type') type: string, @Body() body: CreateMatchDto): Promise<CreateMatchResponse> {
    assertActor(body.user_id, actor.id);
    return this.lobby.create(actor.id, type, body.ranked === true, body.scoringType, undefined, { min: body.open_min_rating, max: body.open_max_rating });
  }

  /** Open lobbies near the caller that their rating fits (docs/matches.md#open-lobbies). */
  @Get('open-lobbies')
  openLobbies(@CurrentUser() actor: AuthenticatedUser): Promise<OpenLobbiesResponse> {
    return this.lobby.openLobbiesNear(actor.id);
  }

  @Post('open-lobbies/:matchId/join')
  @HttpCode(200)
  joinOpenLobby(@CurrentUser() actor: AuthenticatedUser, @MatchIdParam() matchId: number, @Body() body: StartMatchDto): Promise<JoinOpenLobbyResponse> {
    assertActor(body.user_id, actor.id);
    return this.lobby.joinOpen(actor.id, matchId);
  }

  @Get('get-match-type')
  matchType(@Query('match_code') code: unknown): Promise<MatchTypeResponse> {
    return this.lobby.matchType(code);
  }

  @Post('join-match-:type')
  @HttpCode(200)
  join(@CurrentUser() actor: AuthenticatedUser, @Param('type') type: string, @Body() body: JoinMatchDto): Promise<JoinMatchResponse> {
    assertActor(body.user_id, actor.id);
    return this.lobby.join(actor.id, type, body.match_code);
  }

  @Get('match-details/:matchId')
  details(@CurrentUser() actor: AuthenticatedUser, @MatchIdParam() matchId: number): Promise<MatchDetails> {
    return this.lobby.details(actor.id, matchId);
  }

  /**
   * The body is MatchActionDto's, checked by matchActionBody with the ValidationPipe's exact answers
   * (`unknown` here so the pipe skips it): Change Team is the lobby's hot call, and class-transformer
   * with class-validator cost ~7 % of an API's CPU per change (docs/scaling.md#what-one-change-costs).
   */
  @Post('join-team')
  @HttpCode(200)
  joinTeam(@CurrentUser() actor: AuthenticatedUser, @Body() raw: unknown): Promise<JoinTeamResponse> {
    const body = matchActionBody(raw);
    assertActor(body.user_id, actor.id);
    return this.lobby.changeTeam(actor.id, body.match_id);
  }

  @Post('start-match/:matchId')
  @HttpCode(200)
  start(@CurrentUser() actor: AuthenticatedUser, @MatchIdParam() matchId: number, @Body() body: StartMatchDto): Promise<StartMatchResponse> {
    assertActor(body.user_id, actor.id);
    return this.lobby.start(actor.id, matchId);
  }

  /** The caller's open matches (docs/matches.md#my-matches). */
  @Get('my-matches')
  myMatches(@CurrentUser() actor: AuthenticatedUser): Promise<MyMatchesResponse> {
    return this.lobby.myMatches(actor.id);
  }

  @Post('cancel-match/:matchId')
  @HttpCode(200)
  cancel(@CurrentUser() actor: AuthenticatedUser, @MatchIdParam() matchId: number, @Body() body: StartMatchDto): Promise<MatchLeftResponse> {
    assertActor(body.user_id, actor.id);
    return this.lobby.cancel(actor.id, matchId);
  }

  @Post('leave-match/:matchId')
  @HttpCode(200)
  leave(@CurrentUser() actor: AuthenticatedUser, @MatchIdParam() matchId: number, @Body() body: StartMatchDto): Promise<MatchLeftResponse> {
    assertActor(body.user_id, actor.id);
    return this.lobby.leave(actor.id, matchId);
  }

  @Post('rematch/:matchId')
  @HttpCode(201)
  rematch(@CurrentUser() actor: AuthenticatedUser, @MatchIdParam() matchId: number, @Body() body: StartMatchDto): Promise<RematchResponse> {
    assertActor(body.user_id, actor.id);
    return this.lobby.rematch(actor.id, matchId);
  }

  @Post('report-score-1v1')
  @HttpCode(200)
  report1v1(@CurrentUser() actor: AuthenticatedUser, @Body() body: ReportScore1v1Dto): Promise<ReportScoreResponse> {
    assertActor(body.user_id, actor.id);
    return this.scores.report(actor.id, body.match_id, { kind: '1v1', mine: body.user_score, theirs: body.opponent_score });
  }

  @Post('report-score-:type')
  @HttpCode(200)
  reportTeams(@CurrentUser() actor: AuthenticatedUser, @Param('type') type: string, @Body() body: ReportScoreTeamsDto): Promise<ReportScoreResponse> {
    assertActor(body.user_id, actor.id);
    return this.scores.report(actor.id, body.match_id, { kind: 'teams', type, a: body.team_1_score, b: body.team_2_score });
  }

  @Get('dispute-match-details/:matchId')
  disputeDetails(@CurrentUser() actor: AuthenticatedUser, @MatchIdParam() matchId: number): Promise<DisputeDetails> {
    return this.scores.disputeDetails(actor.id, matchId);
  }

  @Post('resolve-dispute')
  @HttpCode(200)
  resolve1v1(@CurrentUser() actor: AuthenticatedUser, @Body() body: ResolveDispute1v1Dto): Promise<ResolveDisputeResponse> {
    assertActor(body.user_id, actor.id);
    return this.scores.resolve(actor.id, body.match_id, { kind: '1v1', mine: body.userScore, theirs: body.opponentScore });
  }

  @Post('resolve-dispute-:type')
  @HttpCode(200)
  resolveTeams(@CurrentUser() actor: AuthenticatedUser, @Param('type') type: string, @Body() body: ResolveDisputeTeamsDto): Promise<ResolveDisputeResponse> {
    assertActor(body.user_id, actor.id);
    return this.scores.resolve(actor.id, body.match_id, { kind: 'teams', type, a: body.team_a_score, b: body.team_b_score });
  }
}
