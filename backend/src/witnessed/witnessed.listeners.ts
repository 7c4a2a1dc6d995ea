import { Inject, Injectable } from '@nestjs/common';
import { rooms } from '@gotnext/shared';
import { OnDomainEvent } from '../events/event-bus';
import type { DomainEvents } from '../events/domain-events';
import { REALTIME_SINK, type RealtimeSink } from '../realtime/realtime-sink';
import { WitnessedRepository } from './witnessed.repository';
import { WitnessedState } from './witnessed-state';

const both = (matchId: number) => [rooms.match(matchId), rooms.scoreboard(matchId)];

/**
 * The scoreboard's pushes (docs/matches.md#witnessed-score): each accepted event with its state
 * to the players and the spectators; the state again when the match settles, disputes or is
 * cancelled by any path (a report, a deadline job, ops), and when the scorers change.
 */
@Injectable()
export class WitnessedListeners {
  constructor(
    @Inject(REALTIME_SINK) private readonly sink: RealtimeSink,
    private readonly witnessed: WitnessedRepository,
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

  /** Settled, disputed or cancelled by any path (the streams too): only matches that have a scoreboard. */
  @OnDomainEvent('match.changed', { runsIn: ['api', 'worker'] })
  async pushSettled({ matchId, status }: DomainEvents['match.changed']): Promise<void> {
    if (status !== 'completed' && status !== 'disputed' && status !== 'cancelled') return;
    if (!(await this.witnessed.hasBoard(matchId))) return;
    const state = await this.state.of(matchId);
    this.sink.toRoom(both(matchId), 'scoreboard:state', state);
    if (state.final) this.sink.toRoom(both(matchId), 'scoreboard:complete', { matchId, final: state.final, at: state.at });
  }
}
