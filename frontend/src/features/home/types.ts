/**
 * Wire shapes of the two home-page reads (core §3). Kept here until the shared lib grows
 * article and leaderboard types; then import those instead.
 */
export interface ArticleSummary {
  id: number;
  title: string;
  text: string;
  image?: boolean;
}

export interface TopPlayer {
  user_id: number;
  username: string;
  rating: number | string;
  profile_picture: string | null;
  profile_picture_version?: number | null;
}
