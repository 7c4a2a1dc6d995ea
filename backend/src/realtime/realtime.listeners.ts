import { Inject, Injectable } from '@nestjs/common';
import { rooms } from '@gotnext/shared';
import type { DomainEvents } from '../events/domain-events';
import { OnDomainEvent } from '../events/event-bus';
import { NotificationsRepository } from '../notifications/notifications.repository';
import { REALTIME_SINK, type RealtimeSink } from './realtime-sink';

/**
 * Committed domain events as live pushes (docs/realtime.md#event-map): the one place that maps the
 * one onto the other, for every feature. Registered in the API and in the worker alike, each binding
 * REALTIME_SINK to its own transport, so a push is the same whichever process made the change.
 * Where a push and other work follow one event, the push goes first (order 1): it leaves in the
 * listener's own turn, and nothing should wait behind a job enqueue or a cache write for it
 * (docs/architecture.md#where-a-listener-runs).
 */
@Injectable()
export class RealtimeListeners {
  constructor(
    @Inject(REALTIME_SINK) private readonly sink: RealtimeSink,
    private readonly notifications: NotificationsRepository,
  ) {}

  @OnDomainEvent('notification.created', { runsIn: ['api', 'worker'], order: 1 })
  pushNotification({ userId, notification }: DomainEvents['notification.created']): void {
    this.sink.toUser(userId, 'notification:new', notification);
  }

  /** Players in the match's room refetch match-details (before the cache moves: docs/scaling.md#what-one-change-costs). */
  @OnDomainEvent('match.changed', { runsIn: ['api', 'worker'], order: 1 })
  pushMatchChange({ matchId, status }: DomainEvents['match.changed']): void {
    this.sink.toRoom(rooms.match(matchId), 'match:changed', { match_id: matchId, status, at: Date.now() });
  }

  /** A batch of matches (the rating job's): each room as for its own `match.changed`. */
  @OnDomainEvent('matches.changed', { runsIn: ['api', 'worker'], order: 1 })
  pushMatchChanges({ matchIds, status }: DomainEvents['matches.changed']): void {
    for (const matchId of matchIds) this.pushMatchChange({ matchId, status });
  }

  /** Players away from the match's page: their Current match banner and /stats list refetch (docs/matches.md#my-matches). */
  @OnDomainEvent('match.changed', { runsIn: ['api', 'worker'], order: 1 })
  pushMyMatches({ matchId, status, playerIds }: DomainEvents['match.changed']): void {
    for (const userId of new Set(playerIds ?? [])) this.sink.toUser(userId, 'my-matches:changed', { match_id: matchId, status });
  }

  /**
   * A match ended (agreed, resolved, single report or void): everyone holding one of its
   * notifications gets `notifications:changed`, and their bell reads its list again, so a stale
   * 'Resolve Dispute' or 'Go to Match' goes at once (docs/notifications.md#flags).
   */
  @OnDomainEvent('match.completed', { runsIn: ['api', 'worker'] })
  async pushMatchNotices({ matchId }: DomainEvents['match.completed']): Promise<void> {
    for (const userId of await this.notifications.holdersOf(matchId)) this.sink.toUser(userId, 'notifications:changed', { match_id: matchId });
  }

  /**
   * A league's standings and history live on its page (docs/leagues.md#live-standings): a settled
   * league match (history) and its rating (standings) push `league:changed` to `league:{id}`, on
   * which the page reads the league, its leaderboard and its history again.
   */
  @OnDomainEvent('match.completed', { runsIn: ['api', 'worker'] })
  pushLeagueSettled({ leagueId }: DomainEvents['match.completed']): void {
    if (leagueId) this.sink.toRoom(rooms.league(leagueId), 'league:changed', { league_id: leagueId });
  }

  @OnDomainEvent('league.standings-changed', { runsIn: ['api', 'worker'] })
  pushLeagueStandings({ leagueId }: DomainEvents['league.standings-changed']): void {
    this.sink.toRoom(rooms.league(leagueId), 'league:changed', { league_id: leagueId });
  }

  /**
   * Leagues live (docs/leagues.md#live-updates): everything goes to the league's room, which only
   * members may join; a member who left has every socket of theirs taken out of it on every
   * instance, before anything else is pushed there (the event is recorded before the league's change).
   */
  @OnDomainEvent('league.member-left', { runsIn: ['api', 'worker'] })
  leaveLeagueRoom({ leagueId, userId }: DomainEvents['league.member-left']): Promise<void> {
    return this.sink.leaveRoom(userId, rooms.league(leagueId));
  }

  @OnDomainEvent('league.changed', { runsIn: ['api', 'worker'] })
  pushLeagueChange({ leagueId }: DomainEvents['league.changed']): void {
    this.sink.toRoom(rooms.league(leagueId), 'league:changed', { league_id: leagueId });
  }

  @OnDomainEvent('league-message.sent', { runsIn: ['api', 'worker'] })
  pushLeagueMessage({ leagueId, message }: DomainEvents['league-message.sent']): void {
    this.sink.toRoom(rooms.league(leagueId), 'league:message', message);
  }

  /** After a friendship or request changed, both players' screens (lists, profile buttons) read again. */
  @OnDomainEvent('friends.changed', { runsIn: ['api', 'worker'] })
  pushFriendsChange({ userIds: [a, b] }: DomainEvents['friends.changed']): void {
    this.sink.toUser(a, 'friends:changed', { user_id: b });
    this.sink.toUser(b, 'friends:changed', { user_id: a });
  }

  /** A stored direct message goes to every tab of the recipient and of the sender (docs/social.md#live-delivery). */
  @OnDomainEvent('direct-message.sent', { runsIn: ['api', 'worker'], order: 1 })
  pushDirectMessage({ senderId, recipientId, message }: DomainEvents['direct-message.sent']): void {
    // One publish for both rooms: half the Redis fan-out of two (bench/chat.bench.mjs).
    this.sink.toUsers([recipientId, senderId], 'message:new', message);
  }

  /** A read goes to the reader's other tabs and, unless a block stands between them, to the partner (their 'Seen'). */
  @OnDomainEvent('direct-messages.read', { runsIn: ['api', 'worker'] })
  pushMessagesRead({ readerId, partnerId, at, tellPartner }: DomainEvents['direct-messages.read']): void {
    const event = { reader_id: readerId, partner_id: partnerId, at };
    this.sink.toUser(readerId, 'messages:read', event);
    if (tellPartner) this.sink.toUser(partnerId, 'messages:read', event);
  }

  /** After the session cache refuses the user's sessions (order 1), so a socket closed here cannot come back on one. */
  @OnDomainEvent('session.revoked', { runsIn: ['api', 'worker'], order: 2 })
  closeSockets({ userId, reason }: DomainEvents['session.revoked']): Promise<void> {
    return this.sink.disconnectUser(userId, reason);
  }

  /** Logout: only the sockets of that session (docs/realtime.md#sessions-and-sockets), after the cache refuses it. */
  @OnDomainEvent('session.ended', { runsIn: ['api', 'worker'], order: 2 })
  closeSessionSockets({ sessionId, reason }: DomainEvents['session.ended']): Promise<void> {
    return this.sink.disconnectSession(sessionId, reason);
  }

  /** A court's page, queue or games changed: its room reads the page again (docs/courts.md#live-updates). */
  @OnDomainEvent('court.changed', { runsIn: ['api', 'worker'], order: 1 })
  pushCourtChange({ courtId }: DomainEvents['court.changed']): void {
    this.sink.toRoom(rooms.court(courtId), 'court:changed', { court_id: courtId, at: Date.now() });
  }

  /** "You're up": each called player, before their hold's job is enqueued. */
  @OnDomainEvent('court.called', { runsIn: ['api', 'worker'], order: 1 })
  pushCourtCalled({ courtId, userIds, holdExpiresAt }: DomainEvents['court.called']): void {
    this.sink.toUsers(userIds, 'court:called', { court_id: courtId, hold_expires_at: holdExpiresAt });
  }

  /** Every confirmed player goes to the lobby the court's call created. */
  @OnDomainEvent('court.lobby', { runsIn: ['api', 'worker'] })
  pushCourtLobby({ courtId, matchId, userIds }: DomainEvents['court.lobby']): void {
    this.sink.toUsers(userIds, 'court:lobby', { court_id: courtId, match_id: matchId });
  }

  /** The lobby (its room, players only) reads "mchen is verifying their ID" (docs/matches.md#invite-preview). */
  @OnDomainEvent('invite.verifying', { runsIn: ['api', 'worker'] })
  pushInviteeVerifying({ matchId, userId, username }: DomainEvents['invite.verifying']): void {
    this.sink.toRoom(rooms.match(matchId), 'match:verifying', { match_id: matchId, user_id: userId, username });
  }
}
