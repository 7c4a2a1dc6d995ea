import { Injectable } from '@nestjs/common';
import type { DomainEvents } from '../events/domain-events';
import { OnDomainEvent } from '../events/event-bus';
import { CourtCalls } from './court-calls';

/** A court's match ended: winner-stays-on, then the next game is called (docs/courts.md#winner-stays-on). */
@Injectable()
export class CourtGamesListener {
  constructor(private readonly calls: CourtCalls) {}

  @OnDomainEvent('match.completed')
  nextGame({ matchId, voided }: DomainEvents['match.completed']): Promise<void> {
    return this.calls.gameEnded(matchId, voided);
  }
}
