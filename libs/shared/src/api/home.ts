/**
 * Wire types of the home page's two reads (docs/product.md): the news feed and the world top 10.
 * The server side of both comes with the leaderboard and article issues; see PLANNED_ROUTES.
 */
export interface ArticleSummary {
  id: number;
  title: string;
  text: string;
  image?: boolean;
}
export interface ArticlesResponse {
  articles: ArticleSummary[];
}

export interface TopPlayer {
  user_id: number;
  username: string;
  /** Ratings may travel as numeric strings; the client formats them with 3 decimals. */
  rating: number | string;
  profile_picture: string | null;
  profile_picture_version?: number | null;
}
export interface TopPlayersResponse {
  players: TopPlayer[];
}
