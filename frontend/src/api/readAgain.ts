import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';

/**
 * Reads the matching queries on screen again because the server said something changed. A read
 * already in flight may have been answered before that change, so it is cancelled first: TanStack
 * would otherwise fold a refetch into a first load still under way, and the change would be missed.
 */
export async function readAgain(client: QueryClient, filters: InvalidateQueryFilters): Promise<void> {
  await client.cancelQueries(filters);
  await client.invalidateQueries(filters);
}
