import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { COURT_MSG, MSG, ROUTES } from '@gotnext/shared';
import { call } from '../../api/client';

/*
 * A court's busy hours and leaders, and a player's court titles (docs/courts.md#busy-hours,
 * #court-leaders). Read apart from the court page: its 3 s poll and room pushes never read these.
 */

export const courtStatsKeys = {
  stats: (courtId: number, gamesDone: number) => ['courts', 'stats', courtId, gamesDone] as const,
  titles: (userId: number) => ['courts', 'titles', userId] as const,
};

/** Read once per visit, and again when another game at the court completes (`gamesDone`, from the live page). */
export function useCourtStats(courtId: number, gamesDone: number) {
  return useQuery({
    queryKey: courtStatsKeys.stats(courtId, gamesDone),
    queryFn: ({ signal }) => call(ROUTES.courtStats, { params: { courtId }, fallback: COURT_MSG.courtNotFound, signal }),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useCourtTitles(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: courtStatsKeys.titles(userId),
    queryFn: async ({ signal }) => (await call(ROUTES.courtTitles, { params: { userId }, fallback: MSG.profileError, signal })).titles,
    enabled,
    staleTime: 5 * 60_000,
  });
}
