/** Leaderboards (docs/leaderboards.md). */
export const LEADERBOARDS_MESSAGES = {
  // Server answers and screen fallbacks (docs/product.md#leaderboard)
  leaderboardLoadFailed: 'Failed to load leaderboard. Please try again.',
  leaderboardError: 'An error occurred. Please try again later.',
  unknownRegion: 'There is no leaderboard for this region.',
  invalidPage: 'The page must be a whole number from 1.',
  searchTooLong: 'Search must be at most 100 characters.',
  timezoneInvalid: 'The time zone must be a name such as America/New_York.',
} as const;
