import { useQuery } from '@tanstack/react-query';
import { MSG, ROUTES } from '@gotnext/shared';
import { call } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';

/** A public profile (open to visitors; a token changes what is hidden). Null id: nothing to load. */
export function useProfile(userId: number | null) {
  return useQuery({
    queryKey: queryKeys.profile(userId ?? 0),
    queryFn: ({ signal }) => call(ROUTES.userProfile, { params: { userId: userId! }, fallback: MSG.profileLoadFailed, signal }),
    enabled: userId !== null,
  });
}

/** A player's match history and statistics; `fullHistory` asks for every match, not the recent ones. */
export function useUserStats(userId: number, { fullHistory, enabled = true }: { fullHistory: boolean; enabled?: boolean }) {
  return useQuery({
    queryKey: queryKeys.userStats(userId, fullHistory),
    queryFn: ({ signal }) =>
      call(ROUTES.userStats, {
        params: { userId },
        query: { fullHistory: fullHistory ? 'true' : undefined },
        fallback: fullHistory ? MSG.historyFetchFailed : MSG.historyLoadFailed,
        signal,
      }),
    enabled,
  });
}
