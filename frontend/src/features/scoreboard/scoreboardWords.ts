/**
 * The scoreboard's own words about this phone's outbox, which the server never says (the
 * contract's WITNESSED_MSG holds every text both sides use).
 */
export const SCOREBOARD_WORDS = {
  title: 'Scoreboard',
  offline: 'Offline: keep scoring, your taps are kept on this phone.',
  waiting: (n: number) => `${n} point${n === 1 ? '' : 's'} waiting to sync`,
  synced: 'All points synced',
  undo: 'Undo my last tap',
  openDispute: 'Open a dispute',
  gamePoint: 'Game point',
  readOnly: 'Live score: the scorers keep it on their phones.',
  notStarted: 'The game has not started yet. Scorers are chosen in the lobby.',
  backToLobby: 'Back to the lobby',
  cancelled: 'This match was cancelled.',
  reportFallback: 'Report the score',
  reportInstead: 'Report the final score instead',
  paperNote: 'Not scoring here?',
  watchHeading: 'Watch live',
  watchText: 'Anyone with this link or code sees the live score, no login needed.',
  watchLinkLabel: 'Spectator link',
  copy: 'Copy link',
  copied: 'Link copied.',
  copyFailed: 'Could not copy. Select the link and copy it.',
  final: (a: string, b: string, score: string) => `Final: ${a} ${score} ${b}`,
  winner: (name: string) => `${name} won`,
  loginFirst: 'Log in to keep or follow the score of your match. Spectators use the link from the scoreboard.',
} as const;
