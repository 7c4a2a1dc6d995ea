import { useQuery } from '@tanstack/react-query';
import { PLANNED_ROUTES, TOP_PLAYERS_COUNT } from '@gotnext/shared';
import { call } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';

/** Articles newest first (the API lists them oldest first). Failure reads as "no news". */
export function useLatestArticles() {
  return useQuery({
    queryKey: queryKeys.articles(),
    queryFn: async ({ signal }) => {
      const res = await call(PLANNED_ROUTES.articles, { fallback: '', signal }).catch(() => null);
      return Array.isArray(res?.articles) ? [...res.articles].reverse() : [];
    },
  });
}

/** The world top 10. The token is sent so the server can leave out players the viewer blocked. Failure reads as "no players". */
export function useTopPlayers() {
  return useQuery({
    queryKey: queryKeys.topPlayers(),
    queryFn: async ({ signal }) => {
      const res = await call(PLANNED_ROUTES.topPlayers, { fallback: '', signal }).catch(() => null);
      return Array.isArray(res?.players) ? res.players.slice(0, TOP_PLAYERS_COUNT) : [];
    },
  });
}
