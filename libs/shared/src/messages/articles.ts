/** News (docs/articles.md). */
export const ARTICLES_MESSAGES = {
  articleFetchFailed: 'Failed to fetch article.',
  articleNotFound: 'Article not found.',
  noNews: 'No news yet.',
  articleTitleRequired: 'Title is required.',
  articleTitleTooLong: 'Title must be at most 200 characters.',
  articleTextRequired: 'Text is required.',
  articleTextTooLong: 'Text must be at most 20000 characters.',
  articleImageTooLarge: 'The image must be under 4MB.',
  articlePublished: 'Article published.',
  articleUpdated: 'Article updated.',
  articleRemoved: 'Article removed.',
  articleSaveFailed: 'Failed to save article.',
  articleRemoveFailed: 'Failed to remove article.',
} as const;
