import { useQuery, useQueryClient } from '@tanstack/react-query';
import { rooms } from '@gotnext/shared';
import { queryKeys } from '../../api/queryKeys';
import { readAgain } from '../../api/readAgain';
import { useLiveQuery, useRoom } from '../../realtime';
import { useAuthStore } from '../../stores/auth';
import { leagueMatchesApi } from './leagueMatchesApi';

/**
 * A league match's lobby, live like an overall one (features/matches/matchQueries.ts): it joins
 * `match:{id}`, shares the match's query key so the bridge's `match:changed` refetches it, polls
 * every 3 s while the socket is down, and reloads after each (re)join.
 */
export function useLeagueMatch(matchId: number) {
  const client = useQueryClient();
  const token = useAuthStore((s) => s.token);
  const valid = Number.isFinite(matchId);
  useRoom(valid && token ? rooms.match(matchId) : null, (result) => {
    if (result.ok) void readAgain(client, { queryKey: queryKeys.match(matchId) });
  });
  return useLiveQuery({
    queryKey: queryKeys.match(matchId),
    queryFn: ({ signal }) => leagueMatchesApi.details(matchId, signal),
    enabled: token !== null && valid,
  });
}

export function useLeagueDisputeDetails(matchId: number, leagueId: number | null) {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: [...queryKeys.disputeDetails(matchId), 'league'],
    queryFn: ({ signal }) => leagueMatchesApi.disputeDetails(matchId, leagueId, signal),
    enabled: token !== null,
  });
}

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
