import { useQuery } from '@tanstack/react-query';
import { MSG, ROUTES } from '@gotnext/shared';
import { call } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { useProfile } from '../stats/statsQueries';

/**
 * A board: a page of 50 ranks, or the players whose name starts with `search`. The token goes
 * along (when logged in) so blocked players are left out and the own row comes back.
 */
export function useLeaderboard(region: string, page: number, search: string) {
  return useQuery({
    queryKey: queryKeys.leaderboard(region, page, search),
    queryFn: ({ signal }) =>
      call(ROUTES.leaderboard, {
        params: { region },
        query: { page: page > 1 ? page : undefined, search: search || undefined },
        fallback: MSG.leaderboardLoadFailed,
        signal,
      }),
    // Paging keeps the current page on screen until the next arrives; another board starts blank.
    placeholderData: (previous, previousQuery) => {
      const [, lastRegion, last] = (previousQuery?.queryKey ?? []) as ReturnType<typeof queryKeys.leaderboard>;
      return lastRegion === region && last?.search === search ? previous : undefined;
    },
  });
}

/**
 * A player's position on their state (US) or country board, as their profile shows it: the same
 * call, so the account page, the profile and the board agree. Undefined while loading or hidden,
 * null when not listed.
 */
export function useRegionRanking(userId: number | null): number | null | undefined {
  return useProfile(userId).data?.region_ranking;
}
