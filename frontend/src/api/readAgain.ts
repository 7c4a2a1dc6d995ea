import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';

/**
 * Reads the matching queries on screen again because the server said something changed (or a room
 * was joined, and a change may have come before the join). A read already in flight may have been
 * answered before that change, and TanStack would fold a refetch into it, so the change would be
 * missed:
 * - a query already showing data has its read cancelled, then read again;
 * - a first load still under way (on a phone, the boot script's early read being adopted) is let
 *   finish, so the screen paints from it instead of showing "Loading…" for a second read, and is
 *   read again right after.
 */
export async function readAgain(client: QueryClient, filters: InvalidateQueryFilters): Promise<void> {
  const firstLoads = client.getQueryCache().findAll(filters).filter((q) => q.state.data === undefined && q.state.fetchStatus === 'fetching');
  // Without fetch options, a query that is fetching hands back its read in flight.
  await Promise.all(firstLoads.map((q) => q.fetch().catch(() => undefined)));
  await client.cancelQueries(filters);
  await client.invalidateQueries(filters);
}
