/** Open lobbies: a lobby open to players in a rating range near its creator (docs/matches.md#open-lobbies). */
export const OPEN_LOBBIES_MESSAGES = {
  openRangeBoth: 'Enter both the lowest and the highest rating, or leave both empty.',
  openRangeInvalid: 'A rating is a number from 2.000 to 8.000 with at most three decimals, like 3.750.',
  openRangeOrder: 'The lowest rating cannot be above the highest.',
  openRangeLeague: 'A league match cannot be opened to nearby players.',
  openRangeExcludesYou: (mine: string) => `Your own rating (${mine}) must be inside the range.`,
  openLobbyNotFound: 'This game is not open to nearby players.',
  openLobbyOutOfRange: (min: string, max: string, mine: string) => `This game is open to players rated ${min}–${max}; your rating is ${mine}.`,
  openLobbyLabel: (min: string, max: string) => `Open to players rated ${min}–${max}`,
  openLobbiesFailed: 'Failed to load open games.',
  openLobbyJoinFailed: 'Failed to join the game.',
} as const;
