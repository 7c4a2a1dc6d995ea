/** The individual factors: ranges and boundaries stated by the product rules. */
import fc from 'fast-check';
import { expectedScore, experienceMultiplier, favouriteCorrection, marginMultiplier, targetFactor, teamMean, teamSizeWeight } from './formula';

describe('rating formula factors', () => {
  it('expected scores of the two sides add up to 1 and 1500 vs 1500 is 0.5', () => {
    expect(expectedScore(1500, 1500)).toBe(0.5);
    fc.assert(
      fc.property(fc.double({ min: -5000, max: 5000, noNaN: true }), fc.double({ min: -5000, max: 5000, noNaN: true }), (a, b) => {
        expect(expectedScore(a, b) + expectedScore(b, a)).toBeCloseTo(1, 12);
      }),
    );
  });

  it('margin multiplier runs from 0.5 to 2.0 and is 2.0 for a shutout', () => {
    expect(marginMultiplier(11, 0, 11)).toBe(2);
    expect(marginMultiplier(11, 11, 11)).toBe(0.5);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }), (t, a, b) => {
        const m = marginMultiplier(Math.max(a, b), Math.min(a, b), t);
        expect(m).toBeGreaterThanOrEqual(0.5);
        expect(m).toBeLessThanOrEqual(2);
      }),
    );
  });

  it('favourite correction is 1 for equal teams and clamps the gap at ±1000', () => {
    expect(favouriteCorrection(1500, 1500)).toBe(1);
    expect(favouriteCorrection(3000, 1000)).toBeCloseTo(2.2 / 3.2, 14);
    expect(favouriteCorrection(1000, 3000)).toBeCloseTo(2.2 / 1.2, 14);
    expect(favouriteCorrection(1e6, 0)).toBe(favouriteCorrection(1000, 0));
  });

  it('team size weight is 1/√n', () => {
    expect([1, 2, 3, 4, 5].map(teamSizeWeight)).toEqual([1, 1 / Math.SQRT2, 1 / Math.sqrt(3), 0.5, 1 / Math.sqrt(5)]);
  });

  it('short games (T ≤ 7) count 0.7×, longer ones 1×', () => {
    expect([1, 5, 7, 8, 11, 21].map(targetFactor)).toEqual([0.7, 0.7, 0.7, 1, 1, 1]);
  });

  it('experience multiplier is 2.5 at 0 games, fades linearly, and is 1 from 15 games on', () => {
    expect(experienceMultiplier(0)).toBe(2.5);
    expect(experienceMultiplier(5)).toBe(2);
    expect(experienceMultiplier(10)).toBe(1.5);
    expect(experienceMultiplier(14)).toBeCloseTo(1.1, 12);
    expect(experienceMultiplier(15)).toBe(1);
    expect(experienceMultiplier(500)).toBe(1);
  });

  it('team mean sums in id order, so roster order cannot change its bits', () => {
    // (0.1 + 0.2) + 0.3 !== (0.3 + 0.2) + 0.1 in binary floating point: the order matters.
    expect(0.1 + 0.2 + 0.3).not.toBe(0.3 + 0.2 + 0.1);
    const team = [
      { id: 3, rating: 0.3, games: 0 },
      { id: 1, rating: 0.1, games: 0 },
      { id: 2, rating: 0.2, games: 0 },
    ];
    expect(teamMean(team)).toBe((0.1 + 0.2 + 0.3) / 3);
    expect(teamMean([...team].reverse())).toBe((0.1 + 0.2 + 0.3) / 3);
  });
});
