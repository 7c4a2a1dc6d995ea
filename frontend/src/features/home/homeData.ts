import { useQuery } from '@tanstack/react-query';
import { MSG, ROUTES } from '@gotnext/shared';
import { call } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';

/**
 * The world top 10 (docs/leaderboards.md): the token goes along so the server leaves out players
 * blocked either way and moves the next ones up.
 */
export function useTopPlayers() {
  return useQuery({
    queryKey: queryKeys.topPlayers(),
    queryFn: async ({ signal }) => (await call(ROUTES.topPlayers, { fallback: MSG.leaderboardLoadFailed, signal })).players,
  });
}
