import { Inject, Injectable } from '@nestjs/common';
import { rooms } from '@gotnext/shared';
import type { DomainEvents } from '../events/domain-events';
import { OnDomainEvent } from '../events/event-bus';
import { REALTIME_SINK, type RealtimeSink } from '../realtime/realtime-sink';

/**
 * Leagues live (docs/leagues.md#live-updates): everything goes to the league's room, which only
 * members may join; a member who left has every socket of theirs taken out of it on every
 * instance, before anything else is pushed there.
 */
@Injectable()
export class LeaguesListeners {
  constructor(@Inject(REALTIME_SINK) private readonly sink: RealtimeSink) {}

  @OnDomainEvent('league.member-left')
  leaveRoom({ leagueId, userId }: DomainEvents['league.member-left']): Promise<void> {
    return this.sink.leaveRoom(userId, rooms.league(leagueId));
  }

  @OnDomainEvent('league.changed')
  pushChange({ leagueId }: DomainEvents['league.changed']): void {
    this.sink.toRoom(rooms.league(leagueId), 'league:changed', { league_id: leagueId });
  }

  @OnDomainEvent('league-message.sent')
  pushMessage({ leagueId, message }: DomainEvents['league-message.sent']): void {
    this.sink.toRoom(rooms.league(leagueId), 'league:message', message);
  }
}
