import {
  MSG, type CreateMatchResponse, type DisputeDetails, type JoinMatchResponse, type JoinTeamResponse, type MatchDetails, type MatchType,
  type MatchTypeResponse, type ReportScoreResponse, type ResolveDisputeResponse, type ScoringType,
} from '@gotnext/shared';
import { api } from '../../api/client';
import { useAuthStore } from '../../stores/auth';

/** The payload user_id the spec sends; the server checks it against the token. */
const me = () => useAuthStore.getState().userId ?? undefined;

export const matchesApi = {
  create: (type: MatchType, ranked: boolean, scoringType: ScoringType) =>
    api.post<CreateMatchResponse>(`/api/create-match-${type}`, { user_id: me(), ranked, scoringType }, { fallback: MSG.createMatchFailed }),
  matchType: (code: string) => api.get<MatchTypeResponse>('/api/get-match-type', { query: { match_code: code }, fallback: MSG.matchTypeFailed }),
  join: (type: MatchType, code: string) =>
    api.post<JoinMatchResponse>(`/api/join-match-${type}`, { user_id: me(), match_code: code }, { fallback: MSG.joinMatchFailed }),
  details: (id: number, fallback: string) => api.get<MatchDetails>(`/api/match-details/${id}`, { fallback }),
  changeTeam: (id: number) => api.post<JoinTeamResponse>('/api/join-team', { match_id: id, user_id: me() }, { fallback: MSG.switchTeamFailed }),
  start: (id: number) => api.post<{ message: string }>(`/api/start-match/${id}`, { user_id: me() }, { fallback: MSG.startFailed }),
  report: (id: number, type: MatchType, x: number, y: number) =>
    type === '1v1'
      ? api.post<ReportScoreResponse>('/api/report-score-1v1', { match_id: id, user_id: me(), user_score: x, opponent_score: y }, { fallback: MSG.reportFailed })
      : api.post<ReportScoreResponse>(`/api/report-score-${type}`, { match_id: id, user_id: me(), team_1_score: x, team_2_score: y }, { fallback: MSG.reportFailed }),
  disputeDetails: (id: number) => api.get<DisputeDetails>(`/api/dispute-match-details/${id}`, { fallback: MSG.matchDetailsFailed }),
  resolve: (id: number, type: MatchType, x: number, y: number) =>
    type === '1v1'
      ? api.post<ResolveDisputeResponse>('/api/resolve-dispute', { match_id: id, userScore: x, opponentScore: y }, { fallback: MSG.resolveFailed })
      : api.post<ResolveDisputeResponse>(`/api/resolve-dispute-${type}`, { match_id: id, team_a_score: x, team_b_score: y }, { fallback: MSG.resolveFailed }),
};
