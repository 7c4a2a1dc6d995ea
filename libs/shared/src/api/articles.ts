/** Wire types of the news: articles and the ops calls that publish them (docs/articles.md). */

export interface Article {
  id: number;
  title: string;
  /** Plain text; a blank line separates paragraphs. Never HTML. */
  text: string;
  /** Whether the article has a header image (else the client shows the default image). */
  image: boolean;
  /** Bumped whenever the image changes; the client asks for `articleImagePath(id)?v=`. */
  image_version: number;
  created_at: string;
  updated_at: string;
}
export interface ArticleResponse {
  article: Article;
}
/** What ops publish or edit: text fields, an optional header image. */
export interface ArticleFields {
  title: string;
  text: string;
}
export interface ArticleSavedResponse {
  message: string;
  article: Article;
}

/** The multipart field of the header image. */
export const ARTICLE_IMAGE_FIELD = 'image';
export const ARTICLE_TITLE_MAX = 200;
export const ARTICLE_TEXT_MAX = 20000;
/** How many of the latest articles GET /api/articles lists. */
export const ARTICLES_LIST_LIMIT = 20;

/** Where an article's header image is served (every API instance, docs/articles.md#images). */
export function articleImagePath(articleId: number): string {
  return `uploads/article-pictures/${articleId}.jpg`;
}

/** Shown when an article has no header image, or its image fails to load. */
export const DEFAULT_ARTICLE_IMAGE = '/default-article.svg';

/** The header image's URL, versioned so a replaced image is fetched again; the default image without one. */
export function articleImageUrl(article: Pick<Article, 'id' | 'image' | 'image_version'>, apiHost = ''): string {
  if (!article.image) return DEFAULT_ARTICLE_IMAGE;
  return `${apiHost.replace(/\/$/, '')}/${articleImagePath(article.id)}?v=${article.image_version}`;
}
