import { queryKeys } from '../../api/queryKeys';
import { useLiveQuery } from '../../realtime';
import { leagueMatchesApi } from './leagueMatchesApi';

/*
 * The standings and the history sit under the league's own key, so a `league:changed` push (a
 * league match settled, its pool rated) reads them again with the league (leaguesCache.ts), and
 * they poll while the socket is down (docs/leagues.md#live-standings).
 */
export const leagueLeaderboardKey = (leagueId: number) => [...queryKeys.league(leagueId), 'leaderboard'] as const;
export const leagueHistoryKey = (leagueId: number) => [...queryKeys.league(leagueId), 'history'] as const;

export function useLeagueLeaderboard(leagueId: number, enabled: boolean) {
  return useLiveQuery({ queryKey: leagueLeaderboardKey(leagueId), queryFn: ({ signal }) => leagueMatchesApi.leaderboard(leagueId, signal), enabled });
}

export function useLeagueHistory(leagueId: number, enabled: boolean) {
  return useLiveQuery({ queryKey: leagueHistoryKey(leagueId), queryFn: ({ signal }) => leagueMatchesApi.history(leagueId, signal), enabled });
}
