/**
 * A short buzz under the thumb when a tap is counted, a double one when it is taken back: the
 * scorer watches the game, not the phone. Phones without `navigator.vibrate` (iOS Safari) get the
 * visual flash alone.
 */
export function buzz(kind: 'point' | 'undo'): void {
  if (typeof navigator === 'undefined' || typeof navigator.vibrate !== 'function') return;
  try {
    navigator.vibrate(kind === 'point' ? 30 : [20, 40, 20]);
  } catch {
    // Some browsers refuse before the first user gesture; the flash still shows.
  }
}
