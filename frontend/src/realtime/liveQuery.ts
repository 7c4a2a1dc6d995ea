import {
  useInfiniteQuery,
  useQuery,
  type DefaultError,
  type InfiniteData,
  type QueryKey,
  type QueryMeta,
  type UseInfiniteQueryOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { POLL_INTERVAL_MS } from '@gotnext/shared';
import { useSocketStatus } from './hooks';

/**
 * What makes a query live: marked `live`, so the bridge refetches it once after a reconnect
 * (catching up on missed pushes), and polled every 3000 ms only while the socket is down.
 */
function useLiveOptions(meta: QueryMeta | undefined) {
  const connected = useSocketStatus();
  return {
    meta: { ...meta, live: true },
    refetchInterval: connected ? (false as const) : POLL_INTERVAL_MS,
    // Poll in a background tab too, as the screens did before: a player may come back to it.
    refetchIntervalInBackground: true,
  };
}

/**
 * The polling fallback, in one place (docs/realtime.md): a live query is kept current by socket
 * pushes (realtime/queryBridge.ts) and refetches every 3000 ms only while the socket is down.
 */
export function useLiveQuery<TData, TKey extends QueryKey>(options: UseQueryOptions<TData, Error, TData, TKey>) {
  return useQuery({ ...options, ...useLiveOptions(options.meta) });
}

/**
 * useLiveQuery for a paged read (a chat's history): the same pushes, the same polling while the
 * socket is down and the same refetch after a reconnect, which reads every loaded page again.
 */
export function useLiveInfiniteQuery<TPage, TKey extends QueryKey, TParam>(options: UseInfiniteQueryOptions<TPage, DefaultError, InfiniteData<TPage, TParam>, TKey, TParam>) {
  return useInfiniteQuery({ ...options, ...useLiveOptions(options.meta) });
}
