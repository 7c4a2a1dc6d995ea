import { WITNESSED_MSG, type ScoreDropReason } from '@gotnext/shared';
import { RefusalWithDetails } from '../common/refusal-with-details';

const STATUS: Record<ScoreDropReason, number> = {
  invalid: 400,
  points: 400,
  'undo-unknown': 400,
  'future-clock': 400,
  'not-scorer': 403,
  'not-live': 409,
  'game-over': 409,
  rate: 429,
};

/** A refused tap or batch: a plain 4xx over REST (`ScoreEventsRefusal`), a `{ ok: false }` ack over the socket. */
export class ScoreRefused extends RefusalWithDetails {
  constructor(
    readonly reason: ScoreDropReason,
    readonly text: string,
    readonly clientEventId: string | null = null,
  ) {
    super(STATUS[reason], text, { reason, clientEventId });
  }
}

/** The message of a reason, in the scoring type's points where it names them. */
export function dropMessage(reason: ScoreDropReason, points: readonly [number, number]): string {
  switch (reason) {
    case 'invalid':
      return WITNESSED_MSG.eventsInvalid;
    case 'points':
      return WITNESSED_MSG.points(points[0], points[1]);
    case 'undo-unknown':
      return WITNESSED_MSG.undoUnknown;
    case 'future-clock':
      return WITNESSED_MSG.futureClock;
    case 'not-scorer':
      return WITNESSED_MSG.notScorer;
    case 'not-live':
      return WITNESSED_MSG.notLive;
    case 'game-over':
      return WITNESSED_MSG.gameOver;
    case 'rate':
      return WITNESSED_MSG.rate;
  }
}
