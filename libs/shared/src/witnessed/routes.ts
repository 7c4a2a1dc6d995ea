import type { RouteDef } from '../api/routes';
import type {
  AnswerSingleScorerRequest,
  ChooseScorerRequest,
  ProposeSingleScorerRequest,
  ScoreboardView,
  ScoreEventsRequest,
  ScoreEventsResponse,
  ScorersResponse,
  SpectatorScoreboard,
  WitnessedDisputeResponse,
} from './api';

/** The witnessed-score calls' wire types; ROUTES' WireTypes extends this (docs/matches.md#witnessed-score). */
export interface WitnessedWireTypes {
  ScoreboardView: ScoreboardView;
  SpectatorScoreboard: SpectatorScoreboard;
  ChooseScorerRequest: ChooseScorerRequest;
  ProposeSingleScorerRequest: ProposeSingleScorerRequest;
  AnswerSingleScorerRequest: AnswerSingleScorerRequest;
  ScorersResponse: ScorersResponse;
  ScoreEventsRequest: ScoreEventsRequest;
  ScoreEventsResponse: ScoreEventsResponse;
  WitnessedDisputeResponse: WitnessedDisputeResponse;
}

const json = <T extends keyof WitnessedWireTypes>(type: T) => ({ type, kind: 'json' as const });
const P = '/api/matches/{matchId}';

/** Scorers, taps (REST: the offline outbox), the scoreboard and its public link; spread into ROUTES. */
export const WITNESSED_ROUTES = {
  scoreboard: {
    method: 'GET',
    path: `${P}/scoreboard`,
    auth: 'required',
    tag: 'witnessed',
    status: 200,
    summary: "A match's scoreboard (its players): setup, every event, both streams, the live score, the spectator link.",
    response: 'ScoreboardView',
  },
  chooseScorer: {
    method: 'PUT',
    path: `${P}/scorers`,
    auth: 'required',
    tag: 'witnessed',
    status: 200,
    summary: "Choose a team's scorer before Start (a player of that team; one of its players).",
    body: json('ChooseScorerRequest'),
    response: 'ScorersResponse',
  },
  proposeSingleScorer: {
    method: 'POST',
    path: `${P}/scorers/single`,
    auth: 'required',
    tag: 'witnessed',
    status: 200,
    summary: 'Ask every player to accept one scorer for both teams (before Start).',
    body: json('ProposeSingleScorerRequest'),
    response: 'ScorersResponse',
  },
  answerSingleScorer: {
    method: 'POST',
    path: `${P}/scorers/single/answer`,
    auth: 'required',
    tag: 'witnessed',
    status: 200,
    summary: 'Accept one scorer for both teams, or decline it (each team keeps its own).',
    body: json('AnswerSingleScorerRequest'),
    response: 'ScorersResponse',
  },
  postScoreEvents: {
    method: 'POST',
    path: `${P}/score-events`,
    auth: 'required',
    tag: 'witnessed',
    status: 200,
    summary: "A scorer's taps in their phone's order (the offline outbox): stored once per id, all or none.",
    body: json('ScoreEventsRequest'),
    response: 'ScoreEventsResponse',
  },
  witnessedDispute: {
    method: 'POST',
    path: `${P}/witnessed-dispute`,
    auth: 'required',
    tag: 'witnessed',
    status: 200,
    summary: 'Open a dispute with both score logs attached (a scorer, while the streams differ).',
    response: 'WitnessedDisputeResponse',
  },
  spectatorScoreboard: {
    method: 'GET',
    path: '/api/scoreboard/{token}',
    auth: 'none',
    tag: 'witnessed',
    status: 200,
    summary: 'The live score by its public link (anyone; no ratings). Poll it while the socket is down.',
    response: 'SpectatorScoreboard',
  },
} as const satisfies Record<string, RouteDef>;
