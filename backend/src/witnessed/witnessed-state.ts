import { Injectable, NotFoundException, OnModuleInit } from '@nestjs/common';
import { MSG, type ScoreboardState, type ScoreboardView, type WitnessedEvidence } from '@gotnext/shared';
import { MatchEvidence } from '../matches/match-evidence';
import { buildBoard, countingScorers, scorerSetup } from './witnessed-board';
import { WitnessedRepository, type BoardRead, type ScorersRow } from './witnessed.repository';

/** A match's stored board with its scorers row (made on first read, with the link's token). */
export type StoredBoard = BoardRead & { scorers: ScorersRow };

/** Reads a match's scoreboard from its rows, in either process (the worker pushes it after a deadline settles a match). */
@Injectable()
export class WitnessedState implements OnModuleInit {
  constructor(
    private readonly witnessed: WitnessedRepository,
    private readonly evidence: MatchEvidence,
  ) {}

  onModuleInit(): void {
    this.evidence.register((matchId) => this.evidenceOf(matchId));
  }

  /** The board in one statement (`WitnessedRepository.board`); 404 when there is no such match. */
  async read(matchId: number): Promise<StoredBoard> {
    const board = await this.witnessed.board(matchId);
    if (!board) throw new NotFoundException({ message: MSG.matchNotFound });
    return { ...board, scorers: board.scorers ?? (await this.witnessed.scorers(matchId)) };
  }

  /** Both logs of a match scored on the scoreboard (null when nobody tapped): a dispute's evidence. */
  async evidenceOf(matchId: number): Promise<WitnessedEvidence | null> {
    const board = await this.witnessed.board(matchId);
    if (!board?.events.length) return null;
    const { state } = this.view({ ...board, scorers: board.scorers ?? (await this.witnessed.scorers(matchId)) }, null);
    return { divergence: state.divergence, scorers: state.scorers, events: board.events };
  }

  async of(matchId: number): Promise<ScoreboardState> {
    return this.view(await this.read(matchId), null).state;
  }

  /** The board, and the view of it from `actorId`'s side (null: nobody's, as pushes and spectators get it). */
  view(board: StoredBoard, actorId: number | null) {
    const setup = scorerSetup(board.scorers, board.players);
    const built = buildBoard(board.match, board.players, setup, board.events, Date.now());
    const role = actorId === null ? undefined : countingScorers(setup).find((c) => c.userId === actorId);
    const view: ScoreboardView = { ...built.state, setup, events: board.events, myScorerTeam: role ? (role.team ?? 'both') : null, spectatorToken: board.scorers.spectator_token };
    return { view, state: built.state, board: built, setup };
  }
}
