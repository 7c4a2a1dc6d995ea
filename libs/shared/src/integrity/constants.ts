/**
 * The thresholds of the integrity analysis (docs/rating.md#integrity). Changing one changes who is
 * flagged: run `npm run bench -- integrity` before and after.
 */
export const INTEGRITY = {
  /** How many of a player's most recent matches are looked at. */
  window: 30,
  /** A co-player in at least this share of the window belongs to the player's group. */
  groupShare: 0.4,
  /** A group larger than this is a local court, not a closed group. */
  maxGroup: 10,
  /** A closed group: at least this share of the window played only inside it. */
  closure: 0.6,
  /** …with at least this many such matches. */
  minClosedMatches: 6,
  /** The player won at least this share of the closed matches (rating flows one way). */
  groupWinShare: 0.75,
  /** A score margin (winner − loser) / max(target, winner) at least this is lopsided. */
  lopsided: 0.5,
  /** At least this share of the closed wins lopsided: opponents not trying. */
  lopsidedShare: 0.5,
  /** An account younger than this (ms) at the match is new. */
  newAccountMs: 30 * 24 * 3600 * 1000,
  /** At least this share of the opponents of closed matches new. */
  newShare: 0.5,
  /** A run of at least this many losses, lopsided, against the same few players or anyone. */
  throwRun: 5,
  /** …then at least this share of wins in the next `recoverWindow` matches. */
  recoverShare: 0.7,
  recoverWindow: 8,
  /** A suspicion at or above this score goes to the ops queue. */
  flagScore: 0.6,
  /** The weight of a match a flagged suspicion rests on; other matches weigh 1. */
  suspectWeight: 0.5,
  /** The weight of a match between players sharing a device or address across the two sides. */
  sharedWeight: 0.25,
} as const;
