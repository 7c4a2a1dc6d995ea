import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { LEAGUE_IMAGE_FIELD, MSG, type CreateLeagueResponse, type LeagueResponse, type LeagueSettingsResponse, type LeaguesResponse } from '@gotnext/shared';
import { AuthGuard, OptionalAuthGuard } from '../common/auth/auth.guard';
import { assertActor, CurrentUser } from '../common/auth/current-user.decorator';
import type { AuthenticatedUser } from '../common/auth/authenticated-user';
import { isMultipart, readMultipartForm } from '../common/upload/multipart-form';
import { LeagueMatchHistorySource } from './league-match-history';
import { CreateLeagueDto } from './dto/leagues.dto';
import { requireLeagueId } from './league-id';
import { settingsChangeFrom } from './league-settings-form';
import { LeagueSettingsService } from './league-settings.service';
import { LeaguesService } from './leagues.service';

/** Leagues: create, search, My Leagues, one league, its settings (docs/leagues.md). The acting player is the token's. */
@Controller('leagues')
export class LeaguesController {
  constructor(
    private readonly leagues: LeaguesService,
    private readonly settings: LeagueSettingsService,
    private readonly history: LeagueMatchHistorySource,
  ) {}

  @Post()
  @UseGuards(AuthGuard)
  @HttpCode(201)
  async create(@CurrentUser() actor: AuthenticatedUser, @Body() body: CreateLeagueDto): Promise<CreateLeagueResponse> {
    assertActor(body.creator_id, actor.id);
    return { message: MSG.leagueCreated, league: await this.leagues.create(actor.id, body.name, body.is_private ?? false) };
  }

  /** Visitors see public leagues; a member also sees their private ones. */
  @Get()
  @UseGuards(OptionalAuthGuard)
  async search(@CurrentUser() viewer: AuthenticatedUser | undefined, @Query('query') query?: unknown): Promise<LeaguesResponse> {
    return { leagues: await this.leagues.search(query, viewer?.id ?? null) };
  }

  @Get('my')
  @UseGuards(AuthGuard)
  async mine(@CurrentUser() actor: AuthenticatedUser): Promise<LeaguesResponse> {
    return { leagues: await this.leagues.mine(actor.id) };
  }

  /**
   * With the league's `match_history` (docs/leagues.md#league-history): a public league's for
   * anyone, a private one's for its members; an invitee, who may see only the name, gets none.
   * `timezone` gives each match's local date.
   */
  @Get(':leagueId')
  @UseGuards(OptionalAuthGuard)
  async one(@CurrentUser() viewer: AuthenticatedUser | undefined, @Param('leagueId') leagueId: string, @Query('timezone') timezone?: unknown): Promise<LeagueResponse> {
    const id = requireLeagueId(leagueId);
    const viewerId = viewer?.id ?? null;
    const league = await this.leagues.view(id, viewerId);
    const readable = !league.is_private || league.viewer.is_member;
    return { league: { ...league, match_history: readable ? await this.history.items(id, viewerId, timezone) : [] } };
  }

  /** Multipart (the toggles, `member_permissions` as JSON text, an optional `image`); a JSON body works too without an image. */
  @Put(':leagueId')
  @UseGuards(AuthGuard)
  async update(@CurrentUser() actor: AuthenticatedUser, @Param('leagueId') leagueId: string, @Req() req: FastifyRequest): Promise<LeagueSettingsResponse> {
    const id = requireLeagueId(leagueId);
    let fields: Record<string, unknown>;
    let image: Buffer | undefined;
    if (isMultipart(req)) {
      const form = await readMultipartForm(req, LEAGUE_IMAGE_FIELD, MSG.leagueImageTooLarge);
      fields = form.fields;
      image = form.file;
    } else {
      fields = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
    }
    const league = await this.settings.update(actor.id, id, settingsChangeFrom(fields), image);
    return { message: MSG.leagueSettingsUpdated, league };
  }
}
