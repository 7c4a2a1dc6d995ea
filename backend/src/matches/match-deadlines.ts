/** When the match deadlines fall (docs/matches.md#deadlines), in ms after the start or after the dispute began. */
export const MATCH_DEADLINES_MS = {
  /** The side that has not reported gets a second reminder. */
  secondReminder: 24 * 3600 * 1000,
  /** A single report stands and completes the match. */
  singleReport: 48 * 3600 * 1000,
  /** A dispute still open is voided. Counted from the moment the match became disputed. */
  voidDispute: 72 * 3600 * 1000,
  /**
   * Since then in the ops' queue untouched: voided (docs/matches.md#moderation). Counted from the
   * moment the dispute entered the queue. The job keeps its old id (`void-dispute-…`): at 72 h it
   * moves the dispute to the queue; the `moderation-void-…` job does what the 72 h job did before.
   */
  moderationVoid: 7 * 24 * 3600 * 1000,
} as const;
