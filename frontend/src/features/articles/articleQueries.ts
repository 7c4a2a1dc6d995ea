import { useQuery } from '@tanstack/react-query';
import { MSG, ROUTES } from '@gotnext/shared';
import { call } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';

/** The latest articles, newest first (the API lists them oldest first; docs/articles.md#reading). */
export function useArticles() {
  return useQuery({
    queryKey: queryKeys.articles(),
    queryFn: async ({ signal }) => [...(await call(ROUTES.articles, { fallback: MSG.articleFetchFailed, signal })).articles].reverse(),
  });
}

/** One article; null id: nothing to load. */
export function useArticle(articleId: number | null) {
  return useQuery({
    queryKey: queryKeys.article(articleId ?? 0),
    queryFn: async ({ signal }) => (await call(ROUTES.article, { params: { articleId: articleId! }, fallback: MSG.articleFetchFailed, signal })).article,
    enabled: articleId !== null,
  });
}
