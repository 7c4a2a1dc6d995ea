/** Wire-free shapes of the integrity analysis (docs/rating.md#integrity): ids and numbers only. */

/** One completed ranked match as stored: who played on which side, the score and its target. */
export interface IntegrityMatch {
  id: number;
  /** Completion time in ms since the epoch; matches are analysed in (completedAt, id) order. */
  completedAt: number;
  teamA: readonly number[];
  teamB: readonly number[];
  scoreA: number;
  scoreB: number;
  /** Target score of the scoring type (5, 11, 21). */
  target: number;
  /** The rating's chance for team A before the match (ratingEngine.winProbability); without it the sandbagging test skips the match. */
  expectedA?: number;
}

/** What the store knows of a player: when the account was made, and keyed hashes of the devices and addresses it logged in from (never raw). */
export interface IntegrityPlayer {
  id: number;
  createdAt: number;
  verified: boolean;
  devices: readonly string[];
  addresses: readonly string[];
}

export type SuspicionKind = 'ring' | 'boosting' | 'sandbagging';

/** One signal behind a suspicion, in plain words for the ops queue. */
export interface Evidence {
  code:
    | 'closed-group'
    | 'repeated-lineup'
    | 'few-opponents-gain'
    | 'shared-device'
    | 'shared-address'
    | 'new-accounts'
    | 'lopsided-repeats'
    | 'loss-streak-group'
    | 'throw-then-win'
    | 'low-diversity';
  words: string;
}

export interface Suspicion {
  userId: number;
  kind: SuspicionKind;
  /** 0–1: how strongly the signals agree. */
  score: number;
  /** The matches the suspicion rests on, oldest first: a confirmed case replays history without them. */
  matchIds: number[];
  /** The other players of a ring or the feeders of a booster. */
  with: number[];
  evidence: Evidence[];
}

export interface IntegrityReport {
  /** Per analysed match its weight, 0–1; matches absent from the map weigh 1. */
  weights: Map<number, number>;
  suspicions: Suspicion[];
}
