/** A player's profile, statistics, match history and rating history. */
export const PROFILES_MESSAGES = {
  playerNotFound: 'Player not found.',
  ratingHistoryFailed: 'Failed to load the rating history.',
  provisionalTooltip: (left: number) => `A provisional rating moves faster while the system learns your level. It settles after ${left} more ranked game${left === 1 ? '' : 's'}.`,
  ratingHidden: "This player's rating is hidden.",
  statsLogin: 'You must be logged in to view your stats.',
  historyLoadFailed: 'Failed to load match history.',
  profileLoadFailed: 'Failed to load profile.',
  profileError: 'An error occurred while fetching the profile.',
  historyLogin: 'You must be logged in to view match history.',
  historyFetchFailed: 'Failed to fetch match history.',
  historyError: 'An error occurred while fetching match history.',
  noProfile: 'No profile data available.',
  noHistory: 'No match history available.',
  /** A history row of a player who hides their wins/losses (docs/matches.md#what-others-see). */
  resultHidden: 'Result hidden',
} as const;
