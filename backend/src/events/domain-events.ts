import type { DirectMessage, LeagueChatMessage, MatchStatus, NotificationEvent, ScoreboardState, ScoreEvent } from '@gotnext/shared';
import type { MailRequest } from '../jobs/queues';
import type { ProcessRole } from './process-role';

/**
 * Every domain event, by name, with what it carries. A service records them inside its unit of
 * work (tx.emit); once the transaction has committed, the EventBus hands each to its listeners
 * (@OnDomainEvent): pushes, job enqueues, leaderboard updates (docs/architecture.md).
 *
 * Payloads carry ids and the few facts listeners need, never secrets: no token or link ever
 * travels in one (docs/accounts.md#mail-delivery). The one address, `mail.requested`'s `email`,
 * is kept out of logs by name (eventContext).
 */
export interface DomainEvents {
  /**
   * Anything about a match changed (roster, team, status, reports): its room refetches. When the
   * change moves the match in its players' open-match lists (docs/matches.md#my-matches),
   * `playerIds` names them (and a player who just left) and each gets `my-matches:changed`.
   */
  'match.changed': { matchId: number; status: MatchStatus; playerIds?: number[] };
  /**
   * Several matches changed the same way at once (the rating job's batch, docs/rating.md#order-of-application):
   * to their rooms and caches the same as one `match.changed` each (without `playerIds`), as one
   * event, so the match details cache moves all their versions in one Redis round trip instead of
   * the delivery waiting for one round trip per match.
   */
  'matches.changed': { matchIds: number[]; status: MatchStatus };
  /** The creator started it: the 24 h and 48 h deadlines start. */
  'match.started': { matchId: number };
  /** The two sides' reports differ: the 72 h dispute deadline starts. */
  'match.disputed': { matchId: number };
  /** A player reported another (docs/social.md#reports): the integrity scan runs (docs/rating.md#integrity). */
  'player.reported': { userId: number };
  /** Disputed past its 72 h deadline: in the ops' queue; the 7-day void starts (docs/matches.md#moderation). */
  'match.in-moderation': { matchId: number };
  /** Completed with a final score (agreed, resolved, single report) or voided. */
  'match.completed': { matchId: number; ranked: boolean; voided: boolean; leagueId?: number | null };
  /** A league's pool was rated again (docs/leagues.md#live-standings): its page reads the standings again. */
  'league.standings-changed': { leagueId: number };
  /** A notification was stored for a user. */
  'notification.created': { userId: number; notification: NotificationEvent };
  /** Something that decides these players' leaderboard entries changed (verification, region, rating, deletion). */
  'player.changed': { userIds: number[] };
  /** Every session of a user was revoked (password reset, account deletion): their sockets close. */
  'session.revoked': { userId: number; reason: string };
  /** One session ended (logout): the sockets opened with its token close, the user's others stay. */
  'session.ended': { userId: number; sessionId: string; reason: 'logout' | 'session_limit' };
  /** An account was soft-deleted. */
  'account.deleted': { userId: number };
  /**
   * An account mail (verification or reset link) is asked for: for an account, or for the address
   * a visitor typed. The worker looks the account up and issues the link (docs/accounts.md#mail-delivery).
   */
  'mail.requested': MailRequest;
  /** An ID photo was stored and waits for its check. */
  'id-check.submitted': { uploadId: number; userId: number };
  /** A friendship or a pending friend request between these two players changed (docs/social.md#friends). */
  'friends.changed': { userIds: [number, number] };
  /** A direct message was stored (docs/social.md#messages). Its text stays out of logs (not an id). */
  /** `pushSender`: the sender's name when the recipient has a device to push to (read by the insert), else null. */
  'direct-message.sent': { senderId: number; recipientId: number; message: DirectMessage; pushSender: string | null };
  /** A player read what a partner sent them; `tellPartner` is false when a block stands between them. */
  'direct-messages.read': { readerId: number; partnerId: number; at: string; tellPartner: boolean };
  /** A league's members, rights, settings, image or invites changed (docs/leagues.md): its page reads it again. */
  'league.changed': { leagueId: number };
  /** A player stopped being a member (left, or their account was deleted): their sockets leave `league:{id}` on every instance. */
  'league.member-left': { leagueId: number; userId: number };
  /** A league chat message was stored (docs/leagues.md#chat). Its text stays out of logs (not an id). */
  'league-message.sent': { leagueId: number; message: LeagueChatMessage };
  /** A court's check-ins, queue, call or games changed (docs/courts.md#live-updates): its room reads the page again. */
  'court.changed': { courtId: number };
  /** Players were called for the next game: their 90 s hold starts (a `court-holds` job) and they are told. */
  'court.called': { courtId: number; callId: number; round: number; userIds: number[]; holdExpiresAt: string };
  /** Every called player confirmed and their match was created: each goes to its lobby. */
  'court.lobby': { courtId: number; matchId: number; userIds: number[] };
  /** A check-in brought a court to two teams' worth of players: its favourites may be told (docs/courts.md#alerts). */
  'court.run-forming': { courtId: number; userId: number; headcount: number };
  /** A scorer's taps were stored (docs/matches.md#witnessed-score): each to the players and spectators with the state it leads to. */
  'score.recorded': { matchId: number; events: ScoreEvent[]; state: ScoreboardState };
  /** A match's scorers were chosen or accepted: its scoreboard reads again. */
  'scoreboard.changed': { matchId: number };
  /** A player holding a match's invite code is verifying their ID to join it (docs/matches.md#invite-preview). */
  'invite.verifying': { matchId: number; userId: number; username: string };
}

export type DomainEventName = keyof DomainEvents;

/**
 * Which events must not be lost (docs/jobs.md#the-outbox): these are written to the outbox in
 * the transaction that records them, so a crash between commit and delivery, or Redis being
 * away, only delays them. The others only push to sockets, which stays best effort: a client that
 * missed a push rereads on its next poll or reconnect. A new event must be placed here.
 */
export const DURABLE_EVENTS: Record<DomainEventName, boolean> = {
  'match.changed': false,
  'matches.changed': false,
  'match.started': true,
  'match.disputed': true,
  'player.reported': true,
  'match.completed': true,
  'match.in-moderation': true,
  'notification.created': false,
  'player.changed': true,
  'session.revoked': true,
  'session.ended': true,
  'account.deleted': true,
  'mail.requested': true,
  'id-check.submitted': true,
  'friends.changed': false,
  'direct-message.sent': false,
  'direct-messages.read': false,
  'league.changed': false,
  // A lost one would leave an ex-member's sockets in the league's room.
  'league.member-left': true,
  'league-message.sent': false,
  'league.standings-changed': false,
  'court.changed': false,
  // A lost one would leave the called players' hold without the job that ends it.
  'court.called': true,
  'court.lobby': false,
  // Only a push: best effort, like the other pushes.
  'court.run-forming': false,
  'invite.verifying': false,
  // Pushes only: a scoreboard that missed one reads again on its poll or reconnect.
  'score.recorded': false,
  'scoreboard.changed': false,
};

/**
 * Which kinds of process record each event (tx.emit, committed, publish). An event is delivered
 * only in the process that recorded it, and a durable one's outbox row is relayed only by that
 * kind of process (docs/jobs.md#the-outbox): so each of these processes must have every listener
 * the event needs, which the bus checks at boot (docs/architecture.md#where-a-listener-runs). The
 * unit of work refuses to record an event in a process not named here. A new event must be placed here.
 */
export const RECORDED_IN: Record<DomainEventName, readonly ProcessRole[]> = {
  // Settlement, deadlines and the rating job run in both.
  'match.changed': ['api', 'worker'],
  'matches.changed': ['api', 'worker'],
  'match.completed': ['api', 'worker'],
  'league.standings-changed': ['api', 'worker'],
  'notification.created': ['api', 'worker'],
  'player.changed': ['api', 'worker'],
  // A court's API calls, and the worker's end of a hold (the next player called).
  'court.changed': ['api', 'worker'],
  'court.called': ['api', 'worker'],
  'court.lobby': ['api', 'worker'],
  // Only the 72 h deadline job moves a dispute to the ops' queue.
  'match.in-moderation': ['worker'],
  // Everything else is a player's request.
  'court.run-forming': ['api'],
  'match.started': ['api'],
  'match.disputed': ['api'],
  'player.reported': ['api'],
  'session.revoked': ['api'],
  'session.ended': ['api'],
  'account.deleted': ['api'],
  'mail.requested': ['api'],
  'id-check.submitted': ['api'],
  'friends.changed': ['api'],
  'direct-message.sent': ['api'],
  'direct-messages.read': ['api'],
  'league.changed': ['api'],
  'league.member-left': ['api'],
  'league-message.sent': ['api'],
  'invite.verifying': ['api'],
  'score.recorded': ['api'],
  'scoreboard.changed': ['api'],
};

/** Refuses an event this kind of process is not declared to record (RECORDED_IN): its listeners there were never checked. */
export function assertRecordedIn(name: DomainEventName, role: ProcessRole): void {
  if (!RECORDED_IN[name].includes(role))
    throw new Error(`${name} is not recorded in the ${role} (RECORDED_IN, events/domain-events.ts): declare it there, and its listeners for the ${role}`);
}

export interface RecordedEvent<K extends DomainEventName = DomainEventName> {
  name: K;
  payload: DomainEvents[K];
}

/**
 * What a log line may say about an event: its name and the ids, kinds and statuses it carries,
 * never addresses, links or texts.
 */
export function eventContext(event: RecordedEvent): string {
  const safe = Object.entries(event.payload as unknown as Record<string, unknown>)
    .filter(
      ([key, value]) => /(Id|Ids|^kind|^status|^reason|^ranked|^voided)$/.test(key) && ['number', 'string', 'boolean'].includes(typeof (Array.isArray(value) ? value[0] : value)),
    )
    .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join(',') : String(value)}`);
  return `${event.name} ${safe.join(' ')}`.trim();
}
