import type { LeagueChatMessage, SendLeagueChatRequest } from '../api/leagues';
import type { DirectMessage, SendMessageRequest } from '../api/social';
import type { CourtCalledEvent, CourtChangedEvent, CourtLobbyEvent } from '../courts/events';
import type { ScoreboardCompletePush, ScoreboardState, ScoreEventPush, ScoreTapAck, ScoreTapRequest } from '../witnessed/api';

/**
 * The Socket.IO event map, typed once: the gateway, the worker's emitter and the browser client
 * all use these interfaces, so an event name or payload cannot drift between them.
 */
import { parseDbId } from '../validation/input';

export interface NotificationEvent {
  id: number;
  type: string;
  message: string;
  read: boolean;
  timestamp: string;
  matchId?: number | null;
  match_id?: number | null;
  matchType?: string | null;
  league_id?: number | null;
  disputeResolved?: boolean;
  matchCompleted?: boolean;
}

export interface MatchChangedEvent {
  match_id: number;
  status: string;
  /** Server time the change was committed (ms since epoch), for latency measurement. */
  at: number;
}

/** A player read the messages a partner sent them (docs/social.md#read-receipts). */
export interface MessagesReadEvent {
  /** Who read. */
  reader_id: number;
  /** Whose messages were read. */
  partner_id: number;
  /** Server time of the change (ISO 8601). */
  at: string;
}

export interface PresenceEvent {
  user_id: number;
  online: boolean;
}

/** The answer to `presence:watch`: which of the named players are online now. */
export interface PresenceWatchResult {
  online: number[];
}

export interface ServerToClientEvents {
  /** Sent once after the handshake: the server's view of who this socket is. */
  'session:ready': (payload: { user_id: number }) => void;
  /**
   * This socket's session ended: all of the account's (`password_reset`, `account_deleted`), this
   * one (`logout`) or its token ran out (`expired`). The server then disconnects the socket; the
   * client logs out.
   */
  'session:revoked': (payload: { reason: string }) => void;
  /**
   * The instance lost Redis: pushes cannot reach this socket until it is back, so the client
   * counts itself disconnected and its live screens poll (docs/realtime.md#when-redis-is-away).
   * The server disconnects the socket after it; it reconnects once Redis is back.
   */
  'system:degraded': (payload: { reason: 'redis' }) => void;
  'notification:new': (payload: NotificationEvent) => void;
  'match:changed': (payload: MatchChangedEvent) => void;
  /** One of the receiver's open matches changed status, or they joined or left one (to `user:{id}`; docs/matches.md#my-matches). */
  'my-matches:changed': (payload: { match_id: number; status: string }) => void;
  /** A match the receiver has notifications about ended: the bell reads its list again, so finished actions go (docs/notifications.md#flags). */
  'notifications:changed': (payload: { match_id: number }) => void;
  /** A direct message, to the recipient's and the sender's `user:{id}` (every tab of both). */
  'message:new': (payload: DirectMessage) => void;
  /** Messages were marked read: to the reader's tabs, and to the partner's (their 'Seen') unless a block stands between them. */
  'messages:read': (payload: MessagesReadEvent) => void;
  /** The friendship or a pending request between the receiver and `user_id` changed (both players get it). */
  'friends:changed': (payload: { user_id: number }) => void;
  /** `user_id` is typing in the chat with the receiver. */
  'chat:typing': (payload: { user_id: number }) => void;
  /** A watched player came online or went offline (docs/social.md#presence). */
  'presence:changed': (payload: PresenceEvent) => void;
  /** A message in a league's chat, to its room `league:{id}` (members only; docs/leagues.md#chat). */
  'league:message': (payload: LeagueChatMessage) => void;
  /** A league's members, rights, settings or invites changed: its page reads the league again (to `league:{id}`). */
  'league:changed': (payload: { league_id: number }) => void;
  /** A court's check-ins, queue, call or games changed (to `court:{id}`; docs/courts.md#live-updates). */
  'court:changed': (payload: CourtChangedEvent) => void;
  /** The receiver was called for the next game at a court: confirm before the hold ends. */
  'court:called': (payload: CourtCalledEvent) => void;
  /** Every called player confirmed: the receiver's match lobby. */
  'court:lobby': (payload: CourtLobbyEvent) => void;
  /** An invited player holding this match's code is verifying their ID before joining (to `match:{id}`; docs/matches.md#invite-preview). */
  'match:verifying': (payload: InviteeVerifyingEvent) => void;
  /** A scorer's accepted tap or undo, with the state it leads to (to `match:{id}` and `scoreboard:{id}`; docs/matches.md#witnessed-score). */
  'score:event': (payload: ScoreEventPush) => void;
  /** The scoreboard changed without a new event: scorers chosen, diverged, disputed, fallback (same rooms). */
  'scoreboard:state': (payload: ScoreboardState) => void;
  /** The match settled while its scoreboard was open: the result card follows from `match:changed` (same rooms). */
  'scoreboard:complete': (payload: ScoreboardCompletePush) => void;
  /** Generic ping used by health checks and tests of the fan-out. */
  'system:echo': (payload: { text: string; at: number }) => void;
}

export type RoomJoinResult = { ok: true } | { ok: false; message: string };

/**
 * The ack of a chat message sent over the socket: the stored message (as the REST call answers
 * it in `chat_message`), or the refusal in the REST call's words (docs/social.md#sending-over-the-socket).
 */
export type ChatSendResult<M> = { ok: true; chat_message: M } | { ok: false; message: string };

/** Who is verifying their ID to join the match of an invite they hold. */
export interface InviteeVerifyingEvent {
  match_id: number;
  user_id: number;
  username: string;
}

export interface ClientToServerEvents {
  /** Ask to join a room (`user:{id}`, `match:{id}`, `league:{id}`, `court:{id}`); the server checks membership. */
  'room:join': (room: string, ack: (result: RoomJoinResult) => void) => void;
  'room:leave': (room: string, ack?: (result: RoomJoinResult) => void) => void;
  /** The sender is typing a direct message to this player. */
  'chat:typing': (to: number) => void;
  /** Receive `presence:changed` for these players (blocked ones are left out); the ack says who is online now. */
  'presence:watch': (userIds: number[], ack: (result: PresenceWatchResult) => void) => void;
  'presence:unwatch': (userIds: number[]) => void;
  /** Send a direct message, as POST /api/send-message does; acked once its row committed. */
  'message:send': (body: SendMessageRequest, ack: (result: ChatSendResult<DirectMessage>) => void) => void;
  /** Write in a league's chat, as POST /api/leagues/chat does; acked once its row committed. */
  'league-chat:send': (body: SendLeagueChatRequest, ack: (result: ChatSendResult<LeagueChatMessage>) => void) => void;
  /** A scorer's tap or undo (docs/matches.md#witnessed-score); acked once stored, or dropped with why. */
  'score:tap': (body: ScoreTapRequest, ack: (result: ScoreTapAck) => void) => void;
  /** Watch a scoreboard by its public link token (any socket, logged in or not); joins `scoreboard:{id}`. */
  'scoreboard:watch': (token: string, ack: (result: RoomJoinResult) => void) => void;
  'scoreboard:unwatch': (token: string) => void;
  /** The sender holds this invite code and is verifying their ID to join its match: its creator's lobby is told. */
  'invite:verifying': (code: string, ack?: (result: RoomJoinResult) => void) => void;
}

export const rooms = {
  user: (id: number | string) => `user:${id}`,
  match: (id: number | string) => `match:${id}`,
  league: (id: number | string) => `league:${id}`,
  court: (id: number | string) => `court:${id}`,
  /** Spectators of a match's scoreboard: joined only through `scoreboard:watch` with the link token. */
  scoreboard: (id: number | string) => `scoreboard:${id}`,
};

/** Splits `kind:id` into its parts; null when the name is not one of ours or the id could not be a row's (parseDbId). */
export type RoomKind = 'user' | 'match' | 'league' | 'court';

export function parseRoom(room: unknown): { kind: RoomKind; id: number } | null {
  if (typeof room !== 'string') return null;
  const m = /^(user|match|league|court):(\d{1,10})$/.exec(room);
  const id = m ? parseDbId(m[2]) : null;
  return m && id !== null ? { kind: m[1] as RoomKind, id } : null;
}
