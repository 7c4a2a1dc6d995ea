import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys';
import { matchesApi } from './matchesApi';

/**
 * How often the open-lobby list reads again. **Decided** (docs/matches.md#open-lobbies): a list
 * of lobbies across a region polls, socket or not; a push per place taken would reach every
 * player of the region for a list few of them look at.
 */
export const OPEN_LOBBIES_POLL_MS = 5000;

export function useOpenLobbies(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.openLobbies(),
    queryFn: ({ signal }) => matchesApi.openLobbies(signal),
    enabled,
    refetchInterval: OPEN_LOBBIES_POLL_MS,
  });
}
