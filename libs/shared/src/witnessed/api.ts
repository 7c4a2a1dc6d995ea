import type { ScoringType, TeamSide } from '../constants/matches';
import type { ScoreboardStatus, ScoreDropReason, ScoreEventKind, ScorerMode } from './constants';

/** Wire types of witnessed scoring (docs/matches.md#witnessed-score). */

/** A score per team, Team A first. */
export interface TeamScore {
  A: number;
  B: number;
}

/** A tap or an undo as a scorer's phone makes it (before the server has seen it). */
export interface NewScoreEvent {
  kind: ScoreEventKind;
  /** The team the points go to (an undo: the undone tap's team). */
  team: TeamSide;
  /** One of `allowedPoints(scoring)` for a tap; 0 for an undo. */
  points: number;
  /** A UUID the phone makes; a resend of the same id is stored once. */
  clientEventId: string;
  /** The phone's own counter for this match, 1, 2, 3 …: a stream is ordered by it. */
  deviceSeq: number;
  /** The phone's clock when tapped (ISO 8601). */
  clientTime: string;
  /** An undo: the `clientEventId` of the scorer's own tap it takes back; else null. */
  undoes: string | null;
}

/** A stored event: what the phone sent plus who and when the server received it. */
export interface ScoreEvent extends NewScoreEvent {
  matchId: number;
  /** The scorer's user id (from the token, never the payload). */
  scorer: number;
  /** Server receipt time (ISO 8601). */
  serverTime: string;
}

export interface ScoreboardPlayer {
  userId: number;
  username: string;
}

export interface ScoreboardTeam {
  /** 'Team A' / 'Team B', or the player's name in 1v1. */
  name: string;
  players: ScoreboardPlayer[];
}

/** One scorer's stream, computed from its events. */
export interface ScorerStream {
  userId: number;
  username: string;
  /** The team whose scorer they are; null for the single scorer of both. */
  team: TeamSide | null;
  score: TeamScore;
  /** Their stream reached the target. */
  finished: boolean;
  /** Their latest event's server time, null before their first. */
  lastEventAt: string | null;
}

/** Who keeps the score: set in the lobby before Start. */
export interface ScorerSetup {
  mode: ScorerMode;
  /** per-team: each team's scorer (the team's first player by default). */
  teamScorers: { A: number | null; B: number | null };
  /** A proposal (or the agreed choice) of one scorer for both; null when none. */
  single: { userId: number; acceptedBy: number[]; agreed: boolean } | null;
}

/**
 * What every screen of a match's score shows (the spectator's too: no ratings, nothing hidden).
 * The live score is computed from the events (`scoreOfStream`, `liveScore`).
 */
export interface ScoreboardState {
  matchId: number;
  teams: { A: ScoreboardTeam; B: ScoreboardTeam };
  scoringType: ScoringType;
  target: number;
  /** The two buttons: `allowedPoints(scoringType)`. */
  points: readonly [number, number];
  status: ScoreboardStatus;
  mode: ScorerMode;
  scorers: ScorerStream[];
  /** The score both streams stand behind (the leading stream while the other only lags). */
  live: TeamScore;
  /** One basket from the target, per team. */
  gamePoint: { A: boolean; B: boolean };
  /** The streams split: the last score both had, 'a–b' (Team A first); else null. */
  divergence: { at: string } | null;
  /** The settled score once complete (either path), else null. */
  final: TeamScore | null;
  /** Server time of this state (ms since epoch), for latency measurement. */
  at: number;
}

/** GET scoreboard (players): the state, the setup, every event, and the spectator link. */
export interface ScoreboardView extends ScoreboardState {
  setup: ScorerSetup;
  /** Every stored event of the match, in (scorer, deviceSeq) order. */
  events: ScoreEvent[];
  /** The caller's scorer role, null when they only watch. */
  myScorerTeam: TeamSide | 'both' | null;
  /** The token of the public read-only link (`spectatorPath`). */
  spectatorToken: string;
}

/** GET by link token (anyone): the state only. */
export type SpectatorScoreboard = ScoreboardState;

/** PUT scorers: a team's scorer (a player of that team, chosen by a player of that team). */
export interface ChooseScorerRequest {
  team: TeamSide;
  userId: number;
}

/** POST scorers/single: ask every player to accept one scorer for both teams (the asker accepts). */
export interface ProposeSingleScorerRequest {
  userId: number;
}

/** POST scorers/single/answer: accept, or decline (which drops the proposal). */
export interface AnswerSingleScorerRequest {
  accept: boolean;
}

export interface ScorersResponse {
  message: string;
  scoreboard: ScoreboardView;
}

/** POST score-events: the offline outbox, in the phone's order. */
export interface ScoreEventsRequest {
  events: NewScoreEvent[];
}

export interface ScoreEventsResponse {
  message: string;
  /** How many were new and how many were already stored (resends). */
  stored: number;
  duplicates: number;
  scoreboard: ScoreboardView;
}

/**
 * A refused batch (4xx): nothing of it is stored; `clientEventId` names the refused event (null
 * when the whole request was), so the outbox can drop it and send the rest.
 */
export interface ScoreEventsRefusal {
  message: string;
  reason: ScoreDropReason;
  clientEventId: string | null;
}

/** POST witnessed-dispute: open a dispute carrying both logs (a scorer, while the streams differ). */
export interface WitnessedDisputeResponse {
  message: string;
}

/** Socket `score:tap` body: one event of one match. */
export interface ScoreTapRequest extends NewScoreEvent {
  matchId: number;
}

/** The ack of `score:tap`: stored (or already stored), or dropped with why. */
export type ScoreTapAck = { ok: true; duplicate: boolean; event: ScoreEvent } | { ok: false; reason: ScoreDropReason; message: string };

/** Push to `match:{id}` and the spectators' `scoreboard:{id}` after an accepted event. */
export interface ScoreEventPush {
  event: ScoreEvent;
  state: ScoreboardState;
}

/** Push when the match settled from the scoreboard (or otherwise while one was open). */
export interface ScoreboardCompletePush {
  matchId: number;
  final: TeamScore;
  at: number;
}

/** The evidence a witnessed dispute carries (dispute details and the ops' queue). */
export interface WitnessedEvidence {
  divergence: { at: string } | null;
  scorers: ScorerStream[];
  events: ScoreEvent[];
}
