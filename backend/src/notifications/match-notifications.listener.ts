import { Inject, Injectable } from '@nestjs/common';
import type { DomainEvents } from '../events/domain-events';
import { OnDomainEvent } from '../events/event-bus';
import { REALTIME_SINK, type RealtimeSink } from '../realtime/realtime-sink';
import { NotificationsRepository } from './notifications.repository';

/**
 * A match ended (agreed, resolved, single report or void): everyone holding one of its
 * notifications gets `notifications:changed`, and their bell reads its list again, so a stale
 * 'Resolve Dispute' or 'Go to Match' goes at once (docs/notifications.md#flags). Registered in the
 * API and in the worker, as either can settle a match.
 */
@Injectable()
export class MatchNotificationsListener {
  constructor(
    @Inject(REALTIME_SINK) private readonly sink: RealtimeSink,
    private readonly notifications: NotificationsRepository,
  ) {}

  @OnDomainEvent('match.completed')
  async push({ matchId }: DomainEvents['match.completed']): Promise<void> {
    for (const userId of await this.notifications.holdersOf(matchId)) this.sink.toUser(userId, 'notifications:changed', { match_id: matchId });
  }
}
