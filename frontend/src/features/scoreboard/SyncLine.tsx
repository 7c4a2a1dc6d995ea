import { SCOREBOARD_WORDS as W } from './scoreboardWords';

/**
 * A scorer's word on their taps (docs/realtime.md#the-scoreboard-offline): offline, scoring goes on
 * and the taps wait on the phone; the count of those not yet stored by the server, until none is.
 */
export function SyncLine({ offline, waiting }: { offline: boolean; waiting: number }) {
  if (!offline && waiting === 0) return null;
  return (
    <p className={`scoreboard__sync${offline ? ' is-offline' : ''}`} role="status" data-testid="score-sync">
      {offline && <strong>{W.offline} </strong>}
      {waiting > 0 ? W.waiting(waiting) : W.synced}
    </p>
  );
}
