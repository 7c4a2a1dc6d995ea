/**
 * The thresholds of the integrity analysis (docs/rating.md#integrity). Changing one changes who is
 * flagged: run `npm run bench -- integrity` before and after.
 */
export const INTEGRITY = {
  /** How many of a player's most recent matches the feeder test looks at. */
  window: 30,
  /** A captive opponent: met the player at least this many times… */
  minCaptiveGames: 4,
  /** …in at least this share of all their own games… */
  captiveShare: 0.5,
  /** …and lost at least this share of them to the player (rating flows one way). */
  groupWinShare: 0.85,
  /** At least this many wins over captives (or feeders) before anyone is flagged. */
  minClosedMatches: 6,
  /** A score margin (winner − loser) / max(target, winner) at least this is lopsided. */
  lopsided: 0.5,
  /** At least this share of the closed wins lopsided: opponents not trying. */
  lopsidedShare: 0.5,
  /** An account younger than this (ms) at the match is new. */
  newAccountMs: 30 * 24 * 3600 * 1000,
  /** At least this share of the opponents of closed matches new. */
  newShare: 0.5,
  /** Sandbagging is looked for in an account's first this-many games… */
  newAccountGames: 45,
  /** …after at least this many games below what the rating expected… */
  throwGames: 10,
  /** …then, over at least `recoverGames` (up to `recoverWindow`), results this many standard deviations better, winning `recoverShare`. */
  recoverGames: 8,
  recoverWindow: 15,
  sandbagZ: 3.4,
  recoverShare: 0.5,
  /** A suspicion at or above this score goes to the ops queue. */
  flagScore: 0.6,
  /** The weight of a match a flagged suspicion rests on; other matches weigh 1. */
  suspectWeight: 0.5,
  /** The weight of such a match when its two sides also share a device or address. */
  sharedWeight: 0.25,
} as const;
