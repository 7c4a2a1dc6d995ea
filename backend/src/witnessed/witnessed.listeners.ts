import { Inject, Injectable } from '@nestjs/common';
import { rooms } from '@gotnext/shared';
import { OnDomainEvent } from '../events/event-bus';
import type { DomainEvents } from '../events/domain-events';
import { REALTIME_SINK, type RealtimeSink } from '../realtime/realtime-sink';
import { WitnessedRepository } from './witnessed.repository';
import { WitnessedState } from './witnessed-state';

/** A scoreboard's players and its spectators: one publish reaches both rooms. */
const both = (matchId: number) => [rooms.match(matchId), rooms.scoreboard(matchId)];

/** The scoreboard's own pushes (API): each accepted event with its state, and the state when the scorers change. */
@Injectable()
export class WitnessedPushes {
  constructor(
    @Inject(REALTIME_SINK) private readonly sink: RealtimeSink,
    private readonly state: WitnessedState,
  ) {}

  @OnDomainEvent('score.recorded', { runsIn: ['api'] })
  pushEvents({ matchId, events, state }: DomainEvents['score.recorded']): void {
    for (const event of events) this.sink.toRoom(both(matchId), 'score:event', { event, state });
  }

  @OnDomainEvent('scoreboard.changed', { runsIn: ['api'] })
  async pushSetup({ matchId }: DomainEvents['scoreboard.changed']): Promise<void> {
    this.sink.toRoom(both(matchId), 'scoreboard:state', await this.state.of(matchId));
  }
}

/**
 * A match with a scoreboard settled, disputed or was cancelled by any path (its streams, reports,
 * a deadline job in the worker, ops): the scoreboard shows how, and `scoreboard:complete` ends it.
 */
@Injectable()
export class WitnessedSettledPush {
  constructor(
    @Inject(REALTIME_SINK) private readonly sink: RealtimeSink,
    private readonly witnessed: WitnessedRepository,
    private readonly state: WitnessedState,
  ) {}

  @OnDomainEvent('match.changed', { runsIn: ['api', 'worker'] })
  async pushSettled({ matchId, status }: DomainEvents['match.changed']): Promise<void> {
    if (status !== 'completed' && status !== 'disputed' && status !== 'cancelled') return;
    if (!(await this.witnessed.hasBoard(matchId))) return;
    const state = await this.state.of(matchId);
    this.sink.toRoom(both(matchId), 'scoreboard:state', state);
    if (state.final) this.sink.toRoom(both(matchId), 'scoreboard:complete', { matchId, final: state.final, at: state.at });
  }
}
