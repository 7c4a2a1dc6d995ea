import { MSG, ROUTES, type MatchType, type ScoringType } from '@gotnext/shared';
import { call } from '../../api/client';
import { useAuthStore } from '../../stores/auth';

/** The payload user_id the spec sends; the server checks it against the token (docs/api.md). */
const me = () => useAuthStore.getState().userId ?? undefined;

/** The match calls as the screens make them, each with its spec fallback text (docs/matches.md). */
export const matchesApi = {
  create: (type: MatchType, ranked: boolean, scoringType: ScoringType, open?: { min: number; max: number }) =>
    call(ROUTES.createMatch, {
      params: { type },
      body: { user_id: me(), ranked, scoringType, ...(open && { open_min_rating: open.min, open_max_rating: open.max }) },
      fallback: MSG.createMatchFailed,
    }),
  openLobbies: (signal?: AbortSignal) => call(ROUTES.openLobbies, { fallback: MSG.openLobbiesFailed, signal }),
  joinOpen: (matchId: number) => call(ROUTES.joinOpenLobby, { params: { matchId }, body: { user_id: me() }, fallback: MSG.openLobbyJoinFailed }),
  invitePreview: (code: string, signal?: AbortSignal) => call(ROUTES.invitePreview, { query: { match_code: code }, fallback: MSG.inviteLinkNotFound, signal }),
  matchType: (code: string) => call(ROUTES.matchType, { query: { match_code: code }, fallback: MSG.matchTypeFailed }),
  join: (type: MatchType, code: string) => call(ROUTES.joinMatch, { params: { type }, body: { user_id: me(), match_code: code }, fallback: MSG.joinMatchFailed }),
  details: (matchId: number, fallback: string, signal?: AbortSignal) => call(ROUTES.matchDetails, { params: { matchId }, fallback, signal }),
  changeTeam: (matchId: number) => call(ROUTES.joinTeam, { body: { match_id: matchId, user_id: me() }, fallback: MSG.switchTeamFailed }),
  start: (matchId: number) => call(ROUTES.startMatch, { params: { matchId }, body: { user_id: me() }, fallback: MSG.startFailed }),
  report: (matchId: number, type: MatchType, x: number, y: number) =>
    type === '1v1'
      ? call(ROUTES.reportScore1v1, { body: { match_id: matchId, user_id: me(), user_score: x, opponent_score: y }, fallback: MSG.reportFailed })
      : call(ROUTES.reportScoreTeams, { params: { type }, body: { match_id: matchId, user_id: me(), team_1_score: x, team_2_score: y }, fallback: MSG.reportFailed }),
  myMatches: (signal?: AbortSignal) => call(ROUTES.myMatches, { fallback: MSG.myMatchesFailed, signal }),
  cancel: (matchId: number) => call(ROUTES.cancelMatch, { params: { matchId }, body: { user_id: me() }, fallback: MSG.cancelMatchFailed }),
  leave: (matchId: number) => call(ROUTES.leaveMatch, { params: { matchId }, body: { user_id: me() }, fallback: MSG.leaveMatchFailed }),
  rematch: (matchId: number) => call(ROUTES.rematch, { params: { matchId }, body: { user_id: me() }, fallback: MSG.rematchFailed }),
  disputeDetails: (matchId: number, signal?: AbortSignal) => call(ROUTES.disputeDetails, { params: { matchId }, fallback: MSG.matchDetailsFailed, signal }),
  resolve: (matchId: number, type: MatchType, x: number, y: number) =>
    type === '1v1'
      ? call(ROUTES.resolveDispute1v1, { body: { match_id: matchId, userScore: x, opponentScore: y }, fallback: MSG.resolveFailed })
      : call(ROUTES.resolveDisputeTeams, { params: { type }, body: { match_id: matchId, team_a_score: x, team_b_score: y }, fallback: MSG.resolveFailed }),
};
