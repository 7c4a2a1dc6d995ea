import type { RatingChange } from '@gotnext/shared';

/**
 * A match's integrity weight applied to what the engine computed (docs/rating.md#integrity): each
 * player's delta (and uncertainty change) times the weight, `after = before + delta` as the engine writes it, so a weight of
 * 1 leaves the engine's bits untouched and both sides stay zero-sum. The engine's pure code is not
 * changed; the applier, the pool replay and the rebuild check all call this one function.
 */
export function weighChanges(changes: RatingChange[], weight: number): RatingChange[] {
  if (weight === 1) return changes;
  return changes.map((c) => {
    const delta = weight * c.delta;
    // The uncertainty shrinks by the same share: a match that counts half teaches half as much.
    return { ...c, delta, after: c.before + delta, sigmaAfter: c.sigmaBefore + weight * (c.sigmaAfter - c.sigmaBefore) };
  });
}
