import { MSG, ROUTES, WITNESSED_LIMITS, WITNESSED_MSG, type ScoreboardView, type ScoreDropReason, type ScoreEvent, type ScoreEventsRefusal } from '@gotnext/shared';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { getSocket, useSocketStatusStore } from '../../realtime/socket';
import type { PendingTap } from './scoreOutbox';

/** How long a tap sent over the socket waits for its ack; without one it goes again over REST (stored once by its id). */
export const TAP_ACK_TIMEOUT_MS = 5000;

/**
 * Refusals that a later try can get past (a flood limit, a clock set right): the tap stays in the
 * outbox. Every other refusal is final, and the tap leaves it with the server's words.
 */
const RETRYABLE: ReadonlySet<ScoreDropReason> = new Set(['rate', 'future-clock']);

export type SendOutcome =
  /** Stored (or already stored): these taps leave the outbox; `view` or `event` is what the server answered. */
  | { kind: 'stored'; ids: string[]; view?: ScoreboardView; event?: ScoreEvent }
  /** Refused for good: the tap leaves the outbox, the scorer reads why. */
  | { kind: 'dropped'; ids: string[]; message: string }
  /** Not now (offline, no ack, a retryable refusal): all stay, tried again later. */
  | { kind: 'later'; message?: string };

/** One fresh tap over the socket (docs/realtime.md#the-scoreboard-offline): the live path. */
async function overSocket(tap: PendingTap): Promise<SendOutcome> {
  const socket = getSocket();
  if (!socket || !useSocketStatusStore.getState().connected) return { kind: 'later' };
  try {
    const ack = await socket.timeout(TAP_ACK_TIMEOUT_MS).emitWithAck('score:tap', { ...tap.event, matchId: tap.matchId });
    if (ack.ok) return { kind: 'stored', ids: [tap.event.clientEventId], event: ack.event };
    if (RETRYABLE.has(ack.reason)) return { kind: 'later', message: ack.message };
    return { kind: 'dropped', ids: [tap.event.clientEventId], message: ack.message };
  } catch {
    // No ack in time: the tap may or may not be stored; REST settles it (a resend is stored once).
    return overRest([tap]);
  }
}

function refusalOf(err: ApiError): ScoreEventsRefusal | null {
  try {
    const body = JSON.parse(err.bodyText ?? '') as Partial<ScoreEventsRefusal>;
    return typeof body.reason === 'string' ? (body as ScoreEventsRefusal) : null;
  } catch {
    return null;
  }
}

/**
 * The outbox in the phone's order over REST, all or none (the server stores a resend once). A
 * refusal names the tap it refused: that one leaves (unless a later try can pass) and the caller
 * sends the rest again.
 */
async function overRest(taps: PendingTap[]): Promise<SendOutcome> {
  const batch = taps.slice(0, WITNESSED_LIMITS.batchMax);
  const matchId = batch[0].matchId;
  try {
    const answer = await call(ROUTES.postScoreEvents, { params: { matchId }, body: { events: batch.map((t) => t.event) }, fallback: MSG.tryAgain });
    return { kind: 'stored', ids: batch.map((t) => t.event.clientEventId), view: answer.scoreboard };
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 0 || err.status === 429 || err.status >= 500) return { kind: 'later' };
    const refusal = refusalOf(err);
    if (refusal && RETRYABLE.has(refusal.reason)) return { kind: 'later', message: refusal.message };
    const refused = refusal?.clientEventId ? batch.findIndex((t) => t.event.clientEventId === refusal.clientEventId) : -1;
    if (refused >= 0) return { kind: 'dropped', ids: [batch[refused].event.clientEventId], message: WITNESSED_MSG.tapRefused(refused + 1, refusal!.message) };
    // The whole request was refused (the match is over, or the player no longer scores it): nothing of it can go.
    return { kind: 'dropped', ids: batch.map((t) => t.event.clientEventId), message: err.message };
  }
}

/**
 * Sends what waits: a single fresh tap over the socket while it is up (the quickest path to the
 * other screens), a backlog over REST (the contract keeps an outbox replay off the rate-limited
 * socket).
 */
export function sendTaps(taps: PendingTap[]): Promise<SendOutcome> {
  if (taps.length === 1 && useSocketStatusStore.getState().connected) return overSocket(taps[0]);
  return overRest(taps);
}
