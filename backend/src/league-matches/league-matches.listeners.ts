import { Inject, Injectable } from '@nestjs/common';
import { rooms } from '@gotnext/shared';
import type { DomainEvents } from '../events/domain-events';
import { OnDomainEvent } from '../events/event-bus';
import { REALTIME_SINK, type RealtimeSink } from '../realtime/realtime-sink';

/**
 * A league's standings and history live on its page (docs/leagues.md#live-standings): a settled
 * league match (history) and its rating (standings) push `league:changed` to `league:{id}`, on
 * which the page reads the league, its leaderboard and its history again. In both processes:
 * deadlines settle and the rating job rates in the worker.
 */
@Injectable()
export class LeagueMatchesListeners {
  constructor(@Inject(REALTIME_SINK) private readonly sink: RealtimeSink) {}

  @OnDomainEvent('match.completed')
  pushSettled({ leagueId }: DomainEvents['match.completed']): void {
    if (leagueId) this.sink.toRoom(rooms.league(leagueId), 'league:changed', { league_id: leagueId });
  }

  @OnDomainEvent('league.standings-changed')
  pushStandings({ leagueId }: DomainEvents['league.standings-changed']): void {
    this.sink.toRoom(rooms.league(leagueId), 'league:changed', { league_id: leagueId });
  }
}
