import type { InvalidateQueryFilters, Query, QueryClient } from '@tanstack/react-query';

const isFirstLoad = (q: Query) => q.state.data === undefined && q.state.fetchStatus === 'fetching';

/**
 * Reads the matching queries on screen again because the server said something changed (or a room
 * was joined, and a change may have come before the join). A read already in flight may have been
 * answered before that change, and TanStack would fold a refetch into it, so the change would be
 * missed:
 * - a query already showing data has its read cancelled, then read again;
 * - a first load still under way (on a phone, the boot script's early read being adopted) is let
 *   finish, so the screen paints from it instead of showing "Loading…" for a second read, and is
 *   read again right after. A first load never is cancelled: one can start while others are
 *   awaited (the lobby's, once its chunk has loaded, while the first session:ready waits for the
 *   shell's), and cancelling it would leave the screen on "Loading…" for a read of its own.
 */
export async function readAgain(client: QueryClient, filters: InvalidateQueryFilters): Promise<void> {
  const cache = client.getQueryCache();
  for (let firstLoads = cache.findAll(filters).filter(isFirstLoad); firstLoads.length; firstLoads = cache.findAll(filters).filter(isFirstLoad)) {
    // Without fetch options, a query that is fetching hands back its read in flight.
    await Promise.all(firstLoads.map((q) => q.fetch().catch(() => undefined)));
  }
  await client.cancelQueries({ ...filters, predicate: (q) => q.state.data !== undefined && (filters.predicate?.(q) ?? true) });
  await client.invalidateQueries(filters);
}
