import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BLOCK_SEARCH_MIN_LENGTH, ROUTES, type PlayerSearchResult } from '@gotnext/shared';
import { call } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { useDebouncedValue } from '../../components/useDebouncedValue';

/** How long typing must pause before the search runs. */
const SEARCH_DELAY_MS = 250;

/** Players the caller has blocked. Failures are silent (docs/identity-rules.md): the list keeps what it had. */
export function useBlockedUsers() {
  return useQuery({
    queryKey: queryKeys.blockedUsers(),
    queryFn: async ({ signal }) => (await call(ROUTES.blockedUsers, { fallback: '', signal })).users,
  });
}

/**
 * Players whose username matches `text`, once it has `minLength` characters (the block search
 * starts at 2, the friends and messages searches at 1) and typing has paused. The previous
 * results stay on screen while the next ones load.
 */
export function usePlayerSearch(text: string, minLength = BLOCK_SEARCH_MIN_LENGTH) {
  const query = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const active = text.trim().length >= minLength && query.length >= minLength;
  const search = useQuery({
    queryKey: queryKeys.playerSearch(query),
    queryFn: async ({ signal }) => (await call(ROUTES.players, { query: { query }, fallback: '', signal })).players,
    enabled: active,
    placeholderData: keepPreviousData,
  });
  return { query, results: active ? (search.data ?? []) : [], answered: active && search.data !== undefined && !search.isPlaceholderData };
}

/**
 * Block and Unblock. Failures are silent; either way the blocked list is read again, and a player
 * just blocked leaves the search results at once.
 */
export function useBlockActions(searched: string) {
  const client = useQueryClient();
  const reloadBlocked = () => client.invalidateQueries({ queryKey: queryKeys.blockedUsers() });
  const block = useMutation({
    mutationFn: (player: PlayerSearchResult) => call(ROUTES.blockUser, { body: { username: player.username }, fallback: '' }),
    onSettled: (_data, _error, player) => {
      client.setQueryData<PlayerSearchResult[]>(queryKeys.playerSearch(searched), (players) => players?.filter((p) => p.user_id !== player.user_id));
      return reloadBlocked();
    },
  });
  const unblock = useMutation({
    mutationFn: (userId: number) => call(ROUTES.unblockUser, { body: { userId }, fallback: '' }),
    onSettled: reloadBlocked,
  });
  return { block: block.mutate, unblock: unblock.mutate };
}
