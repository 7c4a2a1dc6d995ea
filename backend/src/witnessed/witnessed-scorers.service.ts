import { BadRequestException, ConflictException, ForbiddenException, Injectable } from '@nestjs/common';
import { MSG, WITNESSED_MSG, type ScorersResponse, type TeamSide } from '@gotnext/shared';
import { UnitOfWork, type Tx } from '../database/unit-of-work';
import { MatchesRepository, type PlayerRow } from '../matches/matches.repository';
import { scorerSetup } from './witnessed-board';
import { WitnessedRepository } from './witnessed.repository';
import { WitnessedScoresService } from './witnessed-scores.service';

/**
 * Choosing who keeps the score, in the lobby before Start (docs/matches.md#witnessed-score): a
 * team picks its own scorer; one scorer for both needs every player's yes. Under the match row
 * lock, so a choice never lands on a match that just started.
 */
@Injectable()
export class WitnessedScorersService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly matches: MatchesRepository,
    private readonly witnessed: WitnessedRepository,
    private readonly scores: WitnessedScoresService,
  ) {}

  private async enter(tx: Tx, actorId: number, matchId: number): Promise<{ players: PlayerRow[]; me: PlayerRow }> {
    const match = await this.matches.lock(matchId, tx.manager);
    const players = await this.matches.playersOf(matchId, tx.manager);
    const me = players.find((p) => p.user_id === actorId);
    if (!me) throw new ForbiddenException({ message: MSG.notInMatch });
    if (match.status !== 'waiting' && match.status !== 'ready') throw new ConflictException({ message: WITNESSED_MSG.scorersLocked });
    await this.witnessed.scorers(matchId, tx.manager);
    return { players, me };
  }

  private async answer(actorId: number, matchId: number, message: string): Promise<ScorersResponse> {
    return { message, scoreboard: await this.scores.view(actorId, matchId) };
  }

  async chooseTeamScorer(actorId: number, matchId: number, team: TeamSide, userId: number): Promise<ScorersResponse> {
    await this.uow.run(async (tx) => {
      const { players, me } = await this.enter(tx, actorId, matchId);
      if (me.team !== team) throw new ForbiddenException({ message: WITNESSED_MSG.scorerOwnTeamOnly });
      if (!players.some((p) => p.user_id === userId && p.team === team)) throw new BadRequestException({ message: WITNESSED_MSG.scorerNotTeammate });
      await this.witnessed.setTeamScorer(matchId, team, userId, tx.manager);
      tx.emit('scoreboard.changed', { matchId });
    });
    return this.answer(actorId, matchId, WITNESSED_MSG.scorerSet);
  }

  async proposeSingle(actorId: number, matchId: number, userId: number): Promise<ScorersResponse> {
    const agreed = await this.uow.run(async (tx) => {
      const { players } = await this.enter(tx, actorId, matchId);
      if (!players.some((p) => p.user_id === userId)) throw new BadRequestException({ message: WITNESSED_MSG.scorerNotPlayer });
      await this.witnessed.proposeSingle(matchId, userId, actorId, tx.manager);
      tx.emit('scoreboard.changed', { matchId });
      return scorerSetup(await this.witnessed.scorers(matchId, tx.manager), players).mode === 'single';
    });
    return this.answer(actorId, matchId, agreed ? WITNESSED_MSG.singleAgreed : WITNESSED_MSG.singleProposed);
  }

  async answerSingle(actorId: number, matchId: number, accept: boolean): Promise<ScorersResponse> {
    const message = await this.uow.run(async (tx) => {
      const { players } = await this.enter(tx, actorId, matchId);
      const row = await this.witnessed.scorers(matchId, tx.manager);
      if (scorerSetup(row, players).single === null) throw new ConflictException({ message: WITNESSED_MSG.noSingleProposal });
      tx.emit('scoreboard.changed', { matchId });
      if (!accept) {
        await this.witnessed.dropSingle(matchId, tx.manager);
        return WITNESSED_MSG.singleDeclined;
      }
      await this.witnessed.acceptSingle(matchId, actorId, tx.manager);
      const agreed = scorerSetup(await this.witnessed.scorers(matchId, tx.manager), players).mode === 'single';
      return agreed ? WITNESSED_MSG.singleAgreed : WITNESSED_MSG.singleAccepted;
    });
    return this.answer(actorId, matchId, message);
  }
}
