import fc from 'fast-check';
import { spreadLifetime } from './spread-lifetime';

// docs/scaling.md#cached-reads: entries filled together expire over a fifth of their lifetime.
describe('spreadLifetime', () => {
  it('stays between 80 % and 100 % of the lifetime asked for', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 86_400 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (seconds, r) => {
        const lived = spreadLifetime(seconds, () => r);
        expect(Number.isInteger(lived)).toBe(true);
        expect(lived).toBeLessThanOrEqual(seconds);
        expect(lived).toBeGreaterThanOrEqual(Math.max(1, Math.floor(seconds * 0.8)));
      }),
    );
  });

  it('spreads a profile entry (600 s) over two minutes', () => {
    expect(spreadLifetime(600, () => 0)).toBe(600);
    expect(spreadLifetime(600, () => 0.9999)).toBe(481);
    expect(spreadLifetime(60, () => 0.5)).toBe(54);
  });
});
