/**
 * Wire types of the home page's two reads (docs/product.md#home): the news feed and the world top 10.
 * Both answer from the same data as the article page and the leaderboard (docs/articles.md,
 * docs/leaderboards.md).
 */
import type { Article } from './articles';

/** An article in the feed: the whole article (the client cuts the preview itself). */
export type ArticleSummary = Article;
export interface ArticlesResponse {
  /** The latest articles, oldest first (the client reverses them). */
  articles: ArticleSummary[];
}

export interface TopPlayer {
  user_id: number;
  username: string;
  /** The shown rating with three decimals, e.g. "4.193" (docs/rating.md#display). */
  rating: string;
  profile_picture: string | null;
  profile_picture_version: number;
  /** Position on the world board (docs/leaderboards.md#order-and-ties). */
  rank: number;
}
export interface TopPlayersResponse {
  players: TopPlayer[];
}
