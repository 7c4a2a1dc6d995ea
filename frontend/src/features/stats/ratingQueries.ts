import { useQuery } from '@tanstack/react-query';
import { MSG, ROUTES } from '@gotnext/shared';
import { call } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { useAuthStore } from '../../stores/auth';

/** A player's rated matches, peak and provisional games left (docs/rating.md#rating-history); a new result refetches it (realtime/queryBridge.ts). */
export function useRatingHistory(userId: number) {
  return useQuery({
    queryKey: queryKeys.ratingHistory(userId),
    queryFn: ({ signal }) => call(ROUTES.ratingHistory, { params: { userId }, fallback: MSG.ratingHistoryFailed, signal }),
    retry: false,
  });
}

/** The caller's record against another player; only for a logged-in viewer of someone else. */
export function useHeadToHead(userId: number) {
  const token = useAuthStore((s) => s.token);
  const me = useAuthStore((s) => s.userId);
  return useQuery({
    queryKey: queryKeys.headToHead(userId),
    queryFn: ({ signal }) => call(ROUTES.headToHead, { params: { userId }, fallback: MSG.profileLoadFailed, signal }),
    enabled: token !== null && me !== null && me !== userId,
  });
}
