import { MSG, invitePath, isMatchType, scoreboardPath, startBlockedReason, type MatchType } from '@gotnext/shared';
import { queryKeys } from '../../api/queryKeys';
import type { MatchScope } from './matchScope';
import { matchesApi } from './matchesApi';
import { lobbyPath, reportPath, resolvePath, typeFromRoute } from './paths';
import { parseScores } from './ScoreInputs';

/** The match type of a code the server does not know how to join (kept apart from server texts). */
export class InvalidMatchType extends Error {}

/** The overall (pickup and ranked) matches: /pregame, /report-score…, /resolve-dispute… (docs/product.md). */
export const overallScope: MatchScope = {
  kind: 'overall',
  titles: { lobby: 'Match Lobby', create: 'Create Match', created: 'Match Created', join: 'Join Match', dispute: 'Resolve Dispute' },
  paths: {
    lobby: lobbyPath,
    report: reportPath,
    scoreboard: scoreboardPath,
    dispute: (matchId, type) => resolvePath(matchId, type),
    invite: (code) => invitePath(code),
    home: () => '/',
    back: () => null,
  },
  api: {
    create: (type, ranked, scoring, open) => matchesApi.create(type, ranked, scoring, open),
    // The code's match type first, then the join call of that type (docs/matches.md).
    join: async (code) => {
      const { match_type } = await matchesApi.matchType(code);
      if (!isMatchType(match_type)) throw new InvalidMatchType();
      const joined = await matchesApi.join(match_type, code);
      return { match_id: joined.match_id, match_type };
    },
    details: matchesApi.details,
    changeTeam: matchesApi.changeTeam,
    start: matchesApi.start,
    report: (matchId, type, [x, y]) => matchesApi.report(matchId, type, x, y),
    disputeKey: queryKeys.disputeDetails,
    disputeDetails: matchesApi.disputeDetails,
    resolve: (details, [x, y]) => matchesApi.resolve(details.match_id, details.match_type, x, y),
    rematch: matchesApi.rematch,
  },
  lobby: {
    loadFailed: MSG.lobbyLoadFailed,
    waitingForOpponent: 'Waiting for an opponent…',
    startReason: startBlockedReason,
    disputeLabel: 'Resolve Dispute',
  },
  create: {
    ranked: true,
    open: true,
    gate: (token) => (token ? null : { login: MSG.createMatchLogin }),
    sharedText: () => MSG.waitingForPlayers,
  },
  join: { unavailable: null, failed: MSG.tryAgain },
  report: {
    routeType: typeFromRoute,
    check: (values, _match, type: MatchType | null) => (parseScores(values) ? null : type === '1v1' ? MSG.reportBoth1v1 : MSG.reportBothTeams),
    failed: MSG.reportError,
  },
  dispute: {
    noToken: MSG.reportLogin,
    labels: (_d, type) => (type === '1v1' ? ['Your Final Score', "Opponent's Final Score"] : ['Team A Final Score', 'Team B Final Score']),
    formLabel: () => undefined,
    check: (values) => (parseScores(values) ? null : MSG.disputeFillAll),
    words: {
      list: false,
      showType: false,
      mine: 'You reported',
      theirs: 'Opponent reported',
      side: (s, whose) => (whose === 'mine' ? `You ${s.user_score} – Opponent ${s.opponent_score}` : `You ${s.opponent_score} – Opponent ${s.user_score}`),
      none: 'Nothing yet',
      teamNone: 'Nothing yet',
    },
    loadFailed: MSG.matchDetailsError,
    failed: MSG.resolveFailed,
    submit: 'Submit Final Score',
  },
};
