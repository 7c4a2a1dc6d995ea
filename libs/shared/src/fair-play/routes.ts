/**
 * The fair-play calls (docs/rating.md#integrity, docs/rating.md#glass-box): the ops' integrity
 * queue, a flagged player's appeal, the public measure of the rating's accuracy and the lobby's
 * chances. ROUTES spreads these in.
 */
import type { RouteDef } from '../api/routes';
import type { Calibration } from '../glass-box/calibration';
import type { Evidence, SuspicionKind } from '../integrity/types';

export const APPEAL_MAX_LENGTH = 2000;
export type IntegrityCaseStatus = 'open' | 'confirmed' | 'dismissed';

/** One case of the ops' fair-play queue. */
export interface IntegrityCaseView {
  id: number;
  user_id: number;
  username: string;
  kind: SuspicionKind;
  score: number;
  status: IntegrityCaseStatus;
  evidence: Evidence[];
  /** The matches the case rests on: a confirmed case replays history without them. */
  match_ids: number[];
  /** The other players (a ring's members, a booster's feeders, a sandbagger's victims), by name. */
  with: { user_id: number; username: string }[];
  created_at: string;
  decided_at: string | null;
  appeal: string | null;
  appealed_at: string | null;
}

export interface AdminIntegrityResponse {
  cases: IntegrityCaseView[];
}

export interface AdminIntegrityDecisionRequest {
  decision: 'confirm' | 'dismiss';
}

/** A player's own decided cases: what was found, and whether they appealed. */
export interface OwnIntegrityCase {
  id: number;
  kind: SuspicionKind;
  evidence: Evidence[];
  matches: number;
  decided_at: string | null;
  appeal: string | null;
}

export interface OwnIntegrityCasesResponse {
  cases: OwnIntegrityCase[];
}

export interface IntegrityAppealRequest {
  text: string;
}

/** GET /api/rating-accuracy: the nightly measure, or `calibration: null` before the first night. */
export interface RatingAccuracyResponse {
  engine_version: number | null;
  computed_at: string | null;
  calibration: Calibration | null;
}

/** GET /api/match-chances/{matchId}: each team's chance and what a win or a loss would do. */
export interface MatchChancesResponse {
  /** Team A's chance in whole percent; B's is 100 − this. */
  team_a_percent: number;
  team_b_percent: number;
  /** One row per player; `win`/`loss` ("+0.052", "−0.048") absent where the player hides their rating, save for the caller. */
  players: { user_id: number; team: 'A' | 'B'; win?: string; loss?: string }[];
}

export interface FairPlayWireTypes {
  AdminIntegrityResponse: AdminIntegrityResponse;
  AdminIntegrityDecisionRequest: AdminIntegrityDecisionRequest;
  OwnIntegrityCasesResponse: OwnIntegrityCasesResponse;
  IntegrityAppealRequest: IntegrityAppealRequest;
  RatingAccuracyResponse: RatingAccuracyResponse;
  MatchChancesResponse: MatchChancesResponse;
}

export const FAIR_PLAY_ROUTES = {
  adminIntegrity: {
    method: 'GET',
    path: '/api/admin/integrity',
    auth: 'admin',
    tag: 'admin',
    status: 200,
    summary: 'Fair-play cases (suspected rings, boosting, sandbagging) with their evidence: open ones first, then decided.',
    response: 'AdminIntegrityResponse',
  },
  adminDecideIntegrity: {
    method: 'POST',
    path: '/api/admin/integrity/{caseId}',
    auth: 'admin',
    tag: 'admin',
    status: 200,
    summary: 'Confirm a case (history is replayed without its matches; the players it took rating from are refunded and told) or dismiss it.',
    body: { type: 'AdminIntegrityDecisionRequest', kind: 'json' },
    response: 'MessageResponse',
  },
  ownIntegrityCases: {
    method: 'GET',
    path: '/api/integrity-cases',
    auth: 'required',
    tag: 'fair-play',
    status: 200,
    summary: "The caller's confirmed fair-play cases, each with its evidence and the appeal if sent.",
    response: 'OwnIntegrityCasesResponse',
  },
  appealIntegrityCase: {
    method: 'POST',
    path: '/api/integrity-cases/{caseId}/appeal',
    auth: 'required',
    tag: 'fair-play',
    status: 200,
    summary: 'Appeal a confirmed case once, with a text ops read.',
    body: { type: 'IntegrityAppealRequest', kind: 'json' },
    response: 'MessageResponse',
  },
  ratingAccuracy: {
    method: 'GET',
    path: '/api/rating-accuracy',
    auth: 'none',
    tag: 'fair-play',
    status: 200,
    summary: "How often the rating's predictions came true on GotNext's ranked history (recomputed nightly).",
    response: 'RatingAccuracyResponse',
  },
  matchChances: {
    method: 'GET',
    path: '/api/match-chances/{matchId}',
    auth: 'required',
    tag: 'fair-play',
    status: 200,
    summary: "A ranked lobby's chances: each team's, and what a win or a loss would do to each player (its players only).",
    response: 'MatchChancesResponse',
  },
} as const satisfies Record<string, RouteDef>;
