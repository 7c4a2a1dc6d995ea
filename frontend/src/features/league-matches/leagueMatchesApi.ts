import { MSG, ROUTES, type AddMatchHistoryRequest, type MatchType, type ScoringType } from '@gotnext/shared';
import { call } from '../../api/client';
import { useAuthStore } from '../../stores/auth';

/** The payload user_id the spec sends; the server checks it against the token (docs/api.md). */
const me = () => useAuthStore.getState().userId ?? undefined;

/** The league match calls as the league pages make them, each with its spec fallback (docs/leagues.md#league-matches). */
export const leagueMatchesApi = {
  create: (leagueId: number, matchType: MatchType, scoringType: ScoringType) =>
    call(ROUTES.createLeagueMatch, { body: { league_id: leagueId, user_id: me(), matchType, scoringType }, fallback: MSG.createMatchFailed }),
  details: (matchId: number, fallback: string, signal?: AbortSignal) => call(ROUTES.leagueMatchDetails, { params: { matchId }, fallback, signal }),
  changeTeam: (matchId: number) => call(ROUTES.leagueJoinTeam, { body: { match_id: matchId, user_id: me() }, fallback: MSG.switchTeamFailed }),
  start: (matchId: number) => call(ROUTES.leagueStartMatch, { params: { matchId }, body: { user_id: me() }, fallback: MSG.startFailed }),
  join: (leagueId: number, code: string) => call(ROUTES.leagueJoinMatch, { body: { user_id: me(), match_code: code, league_id: leagueId }, fallback: MSG.joinMatchFailed }),
  report1v1: (leagueId: number, matchId: number, mine: number, theirs: number, opponentId: number) =>
    call(ROUTES.leagueReportScore, {
      body: { league_id: leagueId, match_id: matchId, user_id: me(), matchType: '1v1', user_score: mine, opponent_score: theirs, opponent_id: opponentId },
      fallback: MSG.reportFailed,
    }),
  reportTeams: (leagueId: number, matchId: number, matchType: MatchType, a: number, b: number, teamA: number[], teamB: number[]) =>
    call(ROUTES.leagueReportScore, {
      body: { league_id: leagueId, match_id: matchId, user_id: me(), matchType, team_1_score: a, team_2_score: b, teamA, teamB },
      fallback: MSG.reportFailed,
    }),
  disputeDetails: (matchId: number, leagueId: number | null, signal?: AbortSignal) =>
    call(ROUTES.leagueDisputeDetails, { params: { matchId }, query: { league_id: leagueId ? String(leagueId) : undefined }, fallback: MSG.matchDetailsFailed, signal }),
  resolve: (matchId: number, leagueId: number, matchType: MatchType, x: number, y: number) =>
    call(ROUTES.resolveLeagueDispute, {
      body:
        matchType === '1v1'
          ? { match_id: matchId, league_id: leagueId, user_score: x, opponent_score: y }
          : { match_id: matchId, league_id: leagueId, team_a_score: x, team_b_score: y },
      fallback: MSG.submitScoresFailed,
    }),
  rematch: (matchId: number) => call(ROUTES.leagueRematch, { params: { matchId }, body: { user_id: me() }, fallback: MSG.rematchFailed }),
  leaderboard: async (leagueId: number, signal?: AbortSignal) => (await call(ROUTES.leagueLeaderboard, { params: { leagueId }, fallback: MSG.leagueLoadFailed, signal })).players,
  history: async (leagueId: number, signal?: AbortSignal) =>
    (await call(ROUTES.leagueMatchHistory, { params: { leagueId }, query: { timezone: Intl.DateTimeFormat().resolvedOptions().timeZone }, fallback: MSG.leagueLoadFailed, signal }))
      .match_history,
  addHistory: (body: AddMatchHistoryRequest) => call(ROUTES.addMatchHistory, { body, fallback: MSG.addHistoryFailed }),
  contest: (matchId: number, leagueId: number) => call(ROUTES.contestLeagueMatch, { body: { match_id: matchId, league_id: leagueId }, fallback: MSG.tryAgain }),
};
