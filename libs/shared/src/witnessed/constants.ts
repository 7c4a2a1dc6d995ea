import type { ScoringType } from '../constants/matches';

/**
 * The numbers of witnessed scoring (docs/matches.md#witnessed-score), one place for the
 * scoreboard, the server and the tests.
 */
export const WITNESSED_LIMITS = {
  /** Socket taps one scorer may send per window (a basket every second is already a fast game). */
  tapsPerWindow: 12,
  tapWindowSeconds: 10,
  /** REST batches (the offline outbox) one scorer may send per minute, and events per batch. */
  batchesPerMinute: 30,
  batchMax: 500,
  /** A client clock this far ahead of the server's is refused (a phone offline is behind, never ahead). */
  maxClockSkewMs: 2 * 60_000,
  /** A scorer with no event for this long (or a match with no event since its start) falls back to reports. */
  idleFallbackMinutes: 15,
  /** Spectator link tokens: random bytes, base64url. */
  spectatorTokenBytes: 16,
} as const;

/** '1s & 2s …' taps +1/+2, '2s & 3s …' taps +2/+3: the only points one tap can add. */
export function allowedPoints(scoring: ScoringType): readonly [number, number] {
  return scoring.startsWith('2s & 3s') ? [2, 3] : [1, 2];
}

export const SCORER_MODES = ['per-team', 'single'] as const;
/** 'per-team': one scorer per team, two streams; 'single': one scorer for both, accepted by every player. */
export type ScorerMode = (typeof SCORER_MODES)[number];

export const SCORE_EVENT_KINDS = ['tap', 'undo'] as const;
export type ScoreEventKind = (typeof SCORE_EVENT_KINDS)[number];

/** Why a tap was not stored; the socket ack and the REST refusal carry it with a message. */
export const SCORE_DROP_REASONS = [
  'invalid',
  'not-scorer',
  'not-live',
  'points',
  'game-over',
  'undo-unknown',
  'future-clock',
  'rate',
] as const;
export type ScoreDropReason = (typeof SCORE_DROP_REASONS)[number];

export const SCOREBOARD_STATUSES = ['setup', 'live', 'diverged', 'complete', 'disputed', 'fallback', 'cancelled'] as const;
/**
 * setup: before Start (scorers being chosen); live: scoring; diverged: the two streams split;
 * complete: settled (by the streams or otherwise); disputed: a dispute is open; fallback: a scorer
 * went idle, report the score the usual way (taps are still taken); cancelled.
 */
export type ScoreboardStatus = (typeof SCOREBOARD_STATUSES)[number];

/** The public spectator page of a link token. */
export const spectatorPath = (token: string) => `/watch/${encodeURIComponent(token)}`;
/** The scorer's / players' page of a match. */
export const scoreboardPath = (matchId: number) => `/scoreboard/${matchId}`;

/**
 * The handshake `auth` of a socket without a login (a spectator's link): it may only send
 * `scoreboard:watch` / `scoreboard:unwatch`. A logged-in socket watches with its usual token.
 */
export const SPECTATOR_SOCKET_AUTH = { spectator: true } as const;
/** The events a spectator's socket may send. */
export const SPECTATOR_SOCKET_EVENTS = ['scoreboard:watch', 'scoreboard:unwatch'] as const;
