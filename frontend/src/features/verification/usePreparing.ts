import { useCallback, useState } from 'react';

/** Work on a chosen or taken photo (its downscale) that the form waits for. */
export type TrackPreparing = <T>(work: Promise<T>) => Promise<T>;

/** For a shot used without a form waiting on it. */
export const untracked: TrackPreparing = (work) => work;

/**
 * Counts the photos still being prepared, so the ID form can hold its send button until they are
 * ready: a send tapped while a photo is still downscaling (seconds on a busy phone) found no photo
 * and told the player to take one they had just chosen (docs/product.md#verification).
 */
export function usePreparing(): { preparing: boolean; track: TrackPreparing } {
  const [count, setCount] = useState(0);
  const track = useCallback<TrackPreparing>((work) => {
    setCount((n) => n + 1);
    return work.finally(() => setCount((n) => n - 1));
  }, []);
  return { preparing: count > 0, track };
}
