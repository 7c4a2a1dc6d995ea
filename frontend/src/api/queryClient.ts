import { QueryClient } from '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    /** `live`: kept current by socket pushes, polled while the socket is down (realtime/liveQuery.ts). */
    queryMeta: { live?: boolean };
  }
}

/**
 * Server state lives here. Defaults keep the calls the screens made before: no retries (a failure
 * shows its message at once), no refetch on window focus or on the browser's online event (the
 * socket decides what is stale), and calls go out even when the browser believes it is offline,
 * so a dead network reads 'Failed to connect to the server.' rather than waiting.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
