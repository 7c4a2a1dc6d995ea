/** Wire types of the leaderboards (docs/leaderboards.md). */

/** One row of a board. */
export interface LeaderboardPlayer {
  user_id: number;
  username: string;
  profile_picture: string | null;
  profile_picture_version: number;
  /** The shown rating with three decimals, e.g. "4.193" (docs/rating.md#display). */
  rating: string;
  /** Ranked games played (the number the tie order uses). */
  total_matches: number;
  /** Ranked wins-losses, with "-draws" when there are any: "12-3", "12-3-1". */
  record: string;
  /** Position on this board, 1-based; the same number the player's profile shows as region ranking. */
  rank: number;
}

export interface LeaderboardResponse {
  /** The region asked for, spelled as the server knows it: 'National', a country, or a US state code. */
  region: string;
  /** 1-based page of LEADERBOARD_SIZE ranks (rows blocked either way are left out of it). */
  page: number;
  page_size: number;
  /** Players on the whole board. */
  total: number;
  /** With `search`: the matching players (up to a page), by rank. */
  search?: string;
  players: LeaderboardPlayer[];
  /** For a logged-in viewer listed on this board: their own row, wherever they stand. */
  you?: LeaderboardPlayer;
}

export interface LeaderboardQuery {
  /** 1-based page number (default 1). */
  page?: number;
  /** Players whose username starts with this text (case-insensitive). */
  search?: string;
}

/** The region of the world board in the call (`GET /api/leaderboards/National`). */
export const WORLD_REGION = 'National';

/** '#1,234': a rank as the board's own row, the profile and the account page all write it. */
export function formatRank(rank: number): string {
  return `#${rank.toLocaleString('en-US')}`;
}
