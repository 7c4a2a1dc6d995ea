import type { QueryKey } from '@tanstack/react-query';
import { useLiveInfiniteQuery } from '../../realtime';
import { messagesOf, type ChatMessageLike, type CursorPage } from './chatPages';

/**
 * One chat's history, live: the newest page first, older pages on demand by cursor, pushes merged
 * in by the bridge (realtime/queryBridge.ts), polled while the socket is down and read again after
 * a reconnect, so nothing is missed or shown twice. League chat uses it with its own key and call.
 */
export function useChatPages<M extends ChatMessageLike>(queryKey: QueryKey, fetchPage: (before: number | null, signal: AbortSignal) => Promise<CursorPage<M>>, enabled = true) {
  const query = useLiveInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (page: CursorPage<M>) => page.next_cursor,
    enabled,
  });
  return {
    messages: messagesOf(query.data),
    loaded: query.data !== undefined,
    error: query.error,
    hasOlder: query.hasNextPage,
    loadingOlder: query.isFetchingNextPage,
    loadOlder: () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
  };
}
