import { targetScore, type ScoringType } from '../constants/matches';
import type { TeamSide } from '../api/matches';
import type { NewScoreEvent, TeamScore } from './api';
import { allowedPoints, WITNESSED_LIMITS, type ScoreDropReason, type ScorerMode } from './constants';

/**
 * The pure rules of witnessed scoring (docs/matches.md#witnessed-score): a stream's score from its
 * events, the target, consensus of two streams and where they split. The server decides with
 * them and every screen shows what they compute, so both sides read the same score.
 */

/** The fields the rules read; a stored ScoreEvent has them all. */
export type StreamEvent = Pick<NewScoreEvent, 'kind' | 'team' | 'points' | 'clientEventId' | 'deviceSeq' | 'undoes'>;

export interface StreamScore {
  score: TeamScore;
  /** Every score the stream passed through, from 0–0 (undone taps left out). */
  progression: TeamScore[];
  /** The target was reached. */
  finished: boolean;
  /** The taps that count, in order (for "undo my last tap"). */
  taps: string[];
}

export const scoreText = (s: TeamScore) => `${s.A}–${s.B}`;
const same = (a: TeamScore, b: TeamScore) => a.A === b.A && a.B === b.B;

/** One scorer's events in their order: once per clientEventId (the first kept), by deviceSeq. */
export function orderStream<E extends StreamEvent>(events: readonly E[]): E[] {
  const seen = new Set<string>();
  const once = events.filter((e) => !seen.has(e.clientEventId) && seen.add(e.clientEventId));
  return once.sort((a, b) => a.deviceSeq - b.deviceSeq || (a.clientEventId < b.clientEventId ? -1 : 1));
}

/**
 * First to the target wins: the stream ends when a team reaches it; the last basket may carry it
 * past (20 + 3 = 23 in a game to 21), as `scoreFitsTarget` accepts a report; no win by two.
 */
export function reachedTarget(score: TeamScore, scoring: ScoringType): boolean {
  return Math.max(score.A, score.B) >= targetScore(scoring);
}

/** The score of one scorer's stream: undo takes its tap out, a resend counts once. */
export function scoreOfStream(events: readonly StreamEvent[], scoring: ScoringType): StreamScore {
  const ordered = orderStream(events);
  const undone = new Set(ordered.filter((e) => e.kind === 'undo' && e.undoes).map((e) => e.undoes as string));
  let score: TeamScore = { A: 0, B: 0 };
  const progression = [score];
  const taps: string[] = [];
  for (const e of ordered) {
    if (e.kind !== 'tap' || undone.has(e.clientEventId)) continue;
    score = { ...score, [e.team]: score[e.team] + e.points };
    progression.push(score);
    taps.push(e.clientEventId);
  }
  return { score, progression, finished: reachedTarget(score, scoring), taps };
}

/** Whose team is one basket (the bigger one) from the target. */
export function gamePoint(score: TeamScore, scoring: ScoringType): { A: boolean; B: boolean } {
  if (reachedTarget(score, scoring)) return { A: false, B: false };
  const near = (n: number) => n + allowedPoints(scoring)[1] >= targetScore(scoring);
  return { A: near(score.A), B: near(score.B) };
}

/**
 * The last score two streams both had before they went different ways, 'a–b'; null while one is
 * only behind the other (a slower scorer, a phone offline) or they end level.
 */
export function firstSplit(a: StreamScore, b: StreamScore): string | null {
  if (same(a.score, b.score)) return null;
  const n = Math.min(a.progression.length, b.progression.length);
  let i = 0;
  while (i < n && same(a.progression[i], b.progression[i])) i++;
  if (i === n) return null;
  return scoreText(a.progression[i - 1]);
}

/** The score every screen shows: the leading stream while the other only lags, else where they split. */
export function liveScore(streams: readonly StreamScore[]): TeamScore {
  if (streams.length === 0) return { A: 0, B: 0 };
  if (streams.length === 1) return streams[0].score;
  const [a, b] = streams;
  if (firstSplit(a, b) === null) return a.progression.length >= b.progression.length ? a.score : b.score;
  const n = Math.min(a.progression.length, b.progression.length);
  let i = 0;
  while (i < n && same(a.progression[i], b.progression[i])) i++;
  return a.progression[i - 1];
}

/**
 * The agreed final score, or null: per team, both streams reached the target with the same
 * score; one scorer for both, that stream reached it.
 */
export function consensus(mode: ScorerMode, streams: readonly StreamScore[]): TeamScore | null {
  if (mode === 'single') return streams.length >= 1 && streams[0].finished ? streams[0].score : null;
  if (streams.length !== 2) return null;
  const [a, b] = streams;
  return a.finished && b.finished && same(a.score, b.score) ? a.score : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

/** The event is well formed (types and shapes only; `tapRefusal` checks it against the stream). */
export function isNewScoreEvent(v: unknown): v is NewScoreEvent {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  const known = ['kind', 'team', 'points', 'clientEventId', 'deviceSeq', 'clientTime', 'undoes'];
  if (Object.keys(e).some((k) => !known.includes(k) && k !== 'matchId')) return false;
  return (
    (e.kind === 'tap' || e.kind === 'undo') &&
    (e.team === 'A' || e.team === 'B') &&
    Number.isInteger(e.points) &&
    isUuid(e.clientEventId) &&
    Number.isSafeInteger(e.deviceSeq) &&
    (e.deviceSeq as number) > 0 &&
    typeof e.clientTime === 'string' &&
    !Number.isNaN(Date.parse(e.clientTime)) &&
    (e.undoes === null || (e.kind === 'undo' && isUuid(e.undoes)))
  );
}

/**
 * Why a scorer's new event cannot join their stream (null: it can). `stream` is what is stored
 * of that scorer already; a resend (same id) is not refused here, it is simply stored once.
 */
export function tapRefusal(
  stream: readonly StreamEvent[],
  event: NewScoreEvent,
  scoring: ScoringType,
  nowMs: number,
): ScoreDropReason | null {
  if (Date.parse(event.clientTime) > nowMs + WITNESSED_LIMITS.maxClockSkewMs) return 'future-clock';
  const current = scoreOfStream(stream, scoring);
  if (event.kind === 'undo') {
    if (event.points !== 0 || !event.undoes) return 'invalid';
    const tap = stream.find((e) => e.clientEventId === event.undoes && e.kind === 'tap');
    if (!tap || !current.taps.includes(tap.clientEventId) || tap.team !== event.team) return 'undo-unknown';
    return null;
  }
  if (!(allowedPoints(scoring) as readonly number[]).includes(event.points)) return 'points';
  if (current.finished) return 'game-over';
  return null;
}

/** The team a player scores for in a setup: their team (per team), both (single), or none. */
export function scorerRole(
  setup: { mode: ScorerMode; teamScorers: { A: number | null; B: number | null }; single: { userId: number; agreed: boolean } | null },
  userId: number,
): TeamSide | 'both' | null {
  if (setup.mode === 'single') return setup.single?.agreed && setup.single.userId === userId ? 'both' : null;
  if (setup.teamScorers.A === userId) return 'A';
  if (setup.teamScorers.B === userId) return 'B';
  return null;
}
