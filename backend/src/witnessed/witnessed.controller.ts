import { Body, Controller, Get, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import { isNewScoreEvent, MSG, WITNESSED_MSG, type ScoreboardView, type ScoreEventsResponse, type ScorersResponse, type SpectatorScoreboard, type WitnessedDisputeResponse } from '@gotnext/shared';
import { AuthGuard } from '../common/auth/auth.guard';
import { CurrentUser } from '../common/auth/current-user.decorator';
import type { AuthenticatedUser } from '../common/auth/authenticated-user';
import { DbIdParam } from '../common/input/db-id';
import { AnswerSingleScorerDto, ChooseScorerDto, ProposeSingleScorerDto, ScoreEventsDto } from './dto/witnessed.dto';
import { ScoreRefused } from './score-refused';
import { WitnessedScorersService } from './witnessed-scorers.service';
import { WitnessedScoresService } from './witnessed-scores.service';

const MatchId = () => DbIdParam({ name: 'matchId', message: MSG.matchNotFound });

/** Scorers, taps over REST (the offline outbox), the scoreboard and its dispute (docs/matches.md#witnessed-score). */
@Controller('matches/:matchId')
@UseGuards(AuthGuard)
export class WitnessedController {
  constructor(
    private readonly scores: WitnessedScoresService,
    private readonly scorers: WitnessedScorersService,
  ) {}

  @Get('scoreboard')
  scoreboard(@CurrentUser() actor: AuthenticatedUser, @MatchId() matchId: number): Promise<ScoreboardView> {
    return this.scores.view(actor.id, matchId);
  }

  @Put('scorers')
  @HttpCode(200)
  choose(@CurrentUser() actor: AuthenticatedUser, @MatchId() matchId: number, @Body() body: ChooseScorerDto): Promise<ScorersResponse> {
    return this.scorers.chooseTeamScorer(actor.id, matchId, body.team, body.userId);
  }

  @Post('scorers/single')
  @HttpCode(200)
  proposeSingle(@CurrentUser() actor: AuthenticatedUser, @MatchId() matchId: number, @Body() body: ProposeSingleScorerDto): Promise<ScorersResponse> {
    return this.scorers.proposeSingle(actor.id, matchId, body.userId);
  }

  @Post('scorers/single/answer')
  @HttpCode(200)
  answerSingle(@CurrentUser() actor: AuthenticatedUser, @MatchId() matchId: number, @Body() body: AnswerSingleScorerDto): Promise<ScorersResponse> {
    return this.scorers.answerSingle(actor.id, matchId, body.accept);
  }

  @Post('score-events')
  @HttpCode(200)
  async postEvents(@CurrentUser() actor: AuthenticatedUser, @MatchId() matchId: number, @Body() body: ScoreEventsDto): Promise<ScoreEventsResponse> {
    const events: unknown = body.events;
    if (!Array.isArray(events) || events.length === 0) throw new ScoreRefused('invalid', WITNESSED_MSG.eventsInvalid);
    if (events.length > 500) throw new ScoreRefused('invalid', WITNESSED_MSG.tooManyEvents);
    const bad = events.find((e) => !isNewScoreEvent(e)) as { clientEventId?: unknown } | undefined;
    if (bad) throw new ScoreRefused('invalid', WITNESSED_MSG.eventsInvalid, typeof bad?.clientEventId === 'string' ? bad.clientEventId.slice(0, 64) : null);
    await this.scores.throttle(actor.id, 'rest');
    const done = await this.scores.record(actor.id, matchId, events);
    return { message: WITNESSED_MSG.synced, stored: done.stored.length, duplicates: done.duplicates.length, scoreboard: done.view };
  }

  @Post('witnessed-dispute')
  @HttpCode(200)
  async dispute(@CurrentUser() actor: AuthenticatedUser, @MatchId() matchId: number): Promise<WitnessedDisputeResponse> {
    return { message: await this.scores.dispute(actor.id, matchId) };
  }
}

/** The public read-only scoreboard by its link token (no login; docs/matches.md#witnessed-score). */
@Controller('scoreboard')
export class SpectatorScoreboardController {
  constructor(private readonly scores: WitnessedScoresService) {}

  @Get(':token')
  read(@Param('token') token: string): Promise<SpectatorScoreboard> {
    return this.scores.spectate(String(token));
  }
}
