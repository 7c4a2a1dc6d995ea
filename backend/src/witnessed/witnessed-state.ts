import { Injectable, OnModuleInit } from '@nestjs/common';
import type { ScoreboardState, ScoreboardView, WitnessedEvidence } from '@gotnext/shared';
import type { EntityManager } from 'typeorm';
import type { MatchEntity } from '../matches/entities/match.entity';
import { MatchEvidence } from '../matches/match-evidence';
import { MatchesRepository, type PlayerRow } from '../matches/matches.repository';
import { buildBoard, countingScorers, scorerSetup } from './witnessed-board';
import { WitnessedRepository } from './witnessed.repository';

/** Reads a match's scoreboard from its rows, in either process (the worker pushes it after a deadline settles a match). */
@Injectable()
export class WitnessedState implements OnModuleInit {
  constructor(
    private readonly matches: MatchesRepository,
    private readonly witnessed: WitnessedRepository,
    private readonly evidence: MatchEvidence,
  ) {}

  onModuleInit(): void {
    this.evidence.register((matchId) => this.evidenceOf(matchId));
  }

  /** Both logs of a match scored on the scoreboard (null when nobody tapped): a dispute's evidence. */
  async evidenceOf(matchId: number): Promise<WitnessedEvidence | null> {
    const events = await this.witnessed.eventsOf(matchId);
    if (!events.length) return null;
    const match = await this.matches.get(matchId);
    const { state } = await this.view(match, await this.matches.playersOf(matchId), null);
    return { divergence: state.divergence, scorers: state.scorers, events };
  }

  async of(matchId: number): Promise<ScoreboardState> {
    const match = await this.matches.get(matchId);
    return (await this.view(match, await this.matches.playersOf(matchId), null)).state;
  }

  /** The board, and the view of it from `actorId`'s side (null: nobody's, as pushes and spectators get it). */
  async view(match: MatchEntity, players: PlayerRow[], actorId: number | null, m?: EntityManager) {
    const row = await this.witnessed.scorers(match.id, m);
    const setup = scorerSetup(row, players);
    const events = await this.witnessed.eventsOf(match.id, m);
    const board = buildBoard(match, players, setup, events, Date.now());
    const role = actorId === null ? undefined : countingScorers(setup).find((c) => c.userId === actorId);
    const view: ScoreboardView = { ...board.state, setup, events, myScorerTeam: role ? (role.team ?? 'both') : null, spectatorToken: row.spectator_token };
    return { view, state: board.state, board, setup };
  }
}
