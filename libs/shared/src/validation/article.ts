import { ARTICLE_TEXT_MAX, ARTICLE_TITLE_MAX } from '../api/articles';
import { MSG } from '../messages';

/**
 * The first problem with an article's title and text, or null (docs/articles.md#publishing).
 * `partial`: an edit may leave a field out, but a field it sends must be valid. The ops form and
 * the server use the same check.
 */
export function validateArticleFields(input: { title?: unknown; text?: unknown }, partial = false): string | null {
  const problems: [unknown, string, number, string, string][] = [
    [input.title, 'title', ARTICLE_TITLE_MAX, MSG.articleTitleRequired, MSG.articleTitleTooLong],
    [input.text, 'text', ARTICLE_TEXT_MAX, MSG.articleTextRequired, MSG.articleTextTooLong],
  ];
  for (const [value, , max, required, tooLong] of problems) {
    if (value === undefined && partial) continue;
    if (typeof value !== 'string' || value.trim() === '') return required;
    if (value.trim().length > max) return tooLong;
  }
  return null;
}
