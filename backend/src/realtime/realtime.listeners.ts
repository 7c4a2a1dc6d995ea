import { Inject, Injectable } from '@nestjs/common';
import { rooms } from '@gotnext/shared';
import type { DomainEvents } from '../events/domain-events';
import { OnDomainEvent } from '../events/event-bus';
import { REALTIME_SINK, type RealtimeSink } from './realtime-sink';

/**
 * Committed domain events as live pushes (docs/realtime.md): the one place that maps the one onto
 * the other, the same in the API and the worker (each binds REALTIME_SINK to its own transport).
 */
@Injectable()
export class RealtimeListeners {
  constructor(@Inject(REALTIME_SINK) private readonly sink: RealtimeSink) {}

  @OnDomainEvent('notification.created')
  pushNotification({ userId, notification }: DomainEvents['notification.created']): void {
    this.sink.toUser(userId, 'notification:new', notification);
  }

  /** Players in the match's room refetch match-details. */
  @OnDomainEvent('match.changed')
  pushMatchChange({ matchId, status }: DomainEvents['match.changed']): void {
    this.sink.toRoom(rooms.match(matchId), 'match:changed', { match_id: matchId, status, at: Date.now() });
  }

  /** A batch of matches (the rating job's): each room as for its own `match.changed`. */
  @OnDomainEvent('matches.changed')
  pushMatchChanges({ matchIds, status }: DomainEvents['matches.changed']): void {
    for (const matchId of matchIds) this.pushMatchChange({ matchId, status });
  }

  /** Players away from the match's page: their Current match banner and /stats list refetch (docs/matches.md#my-matches). */
  @OnDomainEvent('match.changed')
  pushMyMatches({ matchId, status, playerIds }: DomainEvents['match.changed']): void {
    for (const userId of new Set(playerIds ?? [])) this.sink.toUser(userId, 'my-matches:changed', { match_id: matchId, status });
  }

  @OnDomainEvent('session.revoked')
  closeSockets({ userId, reason }: DomainEvents['session.revoked']): Promise<void> {
    return this.sink.disconnectUser(userId, reason);
  }

  /** Logout: only the sockets of that session (docs/realtime.md#sessions-and-sockets). */
  @OnDomainEvent('session.ended')
  closeSessionSockets({ sessionId, reason }: DomainEvents['session.ended']): Promise<void> {
    return this.sink.disconnectSession(sessionId, reason);
  }
}
