import { queryOptions, useQuery } from '@tanstack/react-query';
import { MSG, ROUTES } from '@gotnext/shared';
import { call } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { useAuthStore } from '../../stores/auth';

export const meQuery = queryOptions({
  queryKey: queryKeys.me(),
  queryFn: async ({ signal }) => (await call(ROUTES.me, { fallback: MSG.fetchUserFailed, signal })).user,
});

/**
 * The own account (GET /api/user) while logged in. Each screen that shows it reads it fresh on
 * mount; a 401 here clears a token the server no longer accepts (api/client.ts).
 */
export function useMe() {
  const token = useAuthStore((s) => s.token);
  return useQuery({ ...meQuery, enabled: token !== null });
}
