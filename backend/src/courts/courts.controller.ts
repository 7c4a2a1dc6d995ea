import { Body, Controller, Get, HttpCode, Post, Put, Query, UseGuards } from '@nestjs/common';
import {
  COURT_MSG,
  type CourtCodeResponse,
  type CourtConfirmResponse,
  type CourtPageResponse,
  type CourtResponse,
  type CourtsQuery,
  type CourtsResponse,
  type MessageResponse,
} from '@gotnext/shared';
import { AuthGuard } from '../common/auth/auth.guard';
import { CurrentUser } from '../common/auth/current-user.decorator';
import type { AuthenticatedUser } from '../common/auth/authenticated-user';
import { DbIdParam } from '../common/input/db-id';
import { CourtCheckinsService } from './court-checkins.service';
import { CourtLobbyService } from './court-lobby.service';
import { CourtPage } from './court-page';
import { CourtQueueService } from './court-queue.service';
import { CourtsService } from './courts.service';
import { AddCourtDto, CheckInDto, CourtSettingsDto, EndGameDto, FavouriteCourtDto, FlagCourtDto, GroupAnswerDto, GroupInviteDto, PassHostDto } from './dto/courts.dto';

const CourtId = () => DbIdParam({ name: 'courtId', message: COURT_MSG.courtNotFound });

/**
 * Courts, check-in and the live queue (docs/courts.md). Courts are public to every logged-in
 * player; the acting player is the token's. Writes on a run answer the page as it now stands.
 */
@Controller('courts')
@UseGuards(AuthGuard)
export class CourtsController {
  constructor(
    private readonly courts: CourtsService,
    private readonly page: CourtPage,
    private readonly checkins: CourtCheckinsService,
    private readonly queue: CourtQueueService,
    private readonly lobby: CourtLobbyService,
  ) {}

  @Get()
  async list(@CurrentUser() actor: AuthenticatedUser, @Query() query: CourtsQuery): Promise<CourtsResponse> {
    return { courts: await this.courts.list(actor.id, query ?? {}) };
  }

  @Post()
  @HttpCode(201)
  async add(@CurrentUser() actor: AuthenticatedUser, @Body() body: AddCourtDto): Promise<CourtResponse> {
    return { message: COURT_MSG.added, court: await this.courts.add(actor.id, body) };
  }

  @Get(':courtId')
  read(@CurrentUser() actor: AuthenticatedUser, @CourtId() courtId: number): Promise<CourtPageResponse> {
    return this.page.read(courtId, actor.id);
  }

  @Post(':courtId/flag')
  @HttpCode(200)
  async flag(@CurrentUser() actor: AuthenticatedUser, @CourtId() courtId: number, @Body() body: FlagCourtDto): Promise<MessageResponse> {
    await this.courts.flag(actor.id, courtId, body.reason);
    return { message: COURT_MSG.flagged };
  }

  @Post(':courtId/favourite')
  @HttpCode(200)
  async favourite(@CurrentUser() actor: AuthenticatedUser, @CourtId() courtId: number, @Body() body: FavouriteCourtDto): Promise<MessageResponse> {
    await this.courts.favourite(actor.id, courtId, body.favourite);
    return { message: body.favourite ? COURT_MSG.favourited : COURT_MSG.unfavourited };
  }

  @Put(':courtId/settings')
  async settings(@CurrentUser() actor: AuthenticatedUser, @CourtId() courtId: number, @Body() body: CourtSettingsDto): Promise<MessageResponse> {
    await this.courts.setWinnerStays(actor.id, courtId, body.winner_stays);
    return { message: COURT_MSG.settingsSaved };
  }

  @Post(':courtId/check-in')
  @HttpCode(200)
  async checkIn(@CurrentUser() actor: AuthenticatedUser, @CourtId() courtId: number, @Body() body: CheckInDto): Promise<CourtPageResponse> {
    await this.checkins.checkIn(actor.id, courtId, body);
    return this.page.read(courtId, actor.id);
  }

  @Post(':courtId/leave')
  @HttpCode(200)
  async leave(@CurrentUser() actor: AuthenticatedUser, @CourtId() courtId: number): Promise<MessageResponse> {
    await this.checkins.leave(actor.id, courtId);
    return { message: COURT_MSG.left };
  }

  @Get(':courtId/code')
  code(@CurrentUser() actor: AuthenticatedUser, @CourtId() courtId: number): Promise<CourtCodeResponse> {
    return this.checkins.code(actor.id, courtId);
  }

  @Post(':courtId/host')
  @HttpCode(200)
  async passHost(@CurrentUser() actor: AuthenticatedUser, @CourtId() courtId: number, @Body() body: PassHostDto): Promise<MessageResponse> {
    return { message: COURT_MSG.hostPassed(await this.checkins.passHost(actor.id, courtId, body.user_id)) };
  }

  @Post(':courtId/queue')
  @HttpCode(200)
  async joinQueue(@CurrentUser() actor: AuthenticatedUser, @CourtId() courtId: number): Promise<CourtPageResponse> {
    await this.queue.join(actor.id, courtId);
    return this.page.read(courtId, actor.id);
  }

  @Post(':courtId/queue/leave')
  @HttpCode(200)
  async leaveQueue(@CurrentUser() actor: AuthenticatedUser, @CourtId() courtId: number): Promise<MessageResponse> {
    await this.queue.leave(actor.id, courtId);
    return { message: COURT_MSG.queueLeft };
  }

  @Post(':courtId/group/invite')
  @HttpCode(200)
  async invite(@CurrentUser() actor: AuthenticatedUser, @CourtId() courtId: number, @Body() body: GroupInviteDto): Promise<MessageResponse> {
    await this.queue.invite(actor.id, courtId, body.user_id);
    return { message: COURT_MSG.groupInviteSent };
  }

  @Post(':courtId/group/answer')
  @HttpCode(200)
  async answer(@CurrentUser() actor: AuthenticatedUser, @CourtId() courtId: number, @Body() body: GroupAnswerDto): Promise<MessageResponse> {
    await this.queue.answer(actor.id, courtId, body.group_id, body.accept);
    return { message: body.accept ? COURT_MSG.groupJoined : COURT_MSG.groupDeclined };
  }

  @Post(':courtId/call-next')
  @HttpCode(200)
  async callNext(@CurrentUser() actor: AuthenticatedUser, @CourtId() courtId: number): Promise<CourtPageResponse> {
    await this.queue.callNext(actor.id, courtId);
    return this.page.read(courtId, actor.id);
  }

  @Post(':courtId/end-game')
  @HttpCode(200)
  async endGame(@CurrentUser() actor: AuthenticatedUser, @CourtId() courtId: number, @Body() body: EndGameDto): Promise<CourtPageResponse> {
    await this.queue.endGame(actor.id, courtId, body.match_id);
    return this.page.read(courtId, actor.id);
  }

  @Post(':courtId/confirm')
  @HttpCode(200)
  confirm(@CurrentUser() actor: AuthenticatedUser, @CourtId() courtId: number): Promise<CourtConfirmResponse> {
    return this.lobby.confirm(actor.id, courtId);
  }
}
