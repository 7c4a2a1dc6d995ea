import { Injectable } from '@nestjs/common';
import type { DomainEvents } from '../events/domain-events';
import { OnDomainEvent } from '../events/event-bus';
import { CourtCalls } from './court-calls';

/**
 * What other features' events do to a court's run: a court match that ended brings winner-stays-on
 * and the next call (docs/courts.md#winner-stays-on); a deleted account leaves its court.
 */
@Injectable()
export class CourtRunsListener {
  constructor(private readonly calls: CourtCalls) {}

  @OnDomainEvent('match.completed', { runsIn: ['api', 'worker'] })
  nextGame({ matchId, voided }: DomainEvents['match.completed']): Promise<void> {
    return this.calls.gameEnded(matchId, voided);
  }

  @OnDomainEvent('account.deleted', { runsIn: ['api', 'worker'] })
  leaveCourt({ userId }: DomainEvents['account.deleted']): Promise<void> {
    return this.calls.removeDeletedPlayer(userId);
  }
}
