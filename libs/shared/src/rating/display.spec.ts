/** Displayed rating: 2.000 … 8.000, exactly three decimals, clamped only for display. */
import fc from 'fast-check';
import { displayRating, displayRatingValue, displayThousandths, isProvisional } from './display';

describe('displayRating', () => {
  it.each([
    [1500, '4.000'],
    [1750, '5.000'],
    [1250, '3.000'],
    [1548.2347025644199, '4.193'],
    [1500.125, '4.001'], // 4·0.125 = 0.5 rounds up
    [1499.875, '4.000'], // −0.5 rounds up (toward +∞), as Math.round does
    [1000, '2.000'],
    [999, '2.000'], // clamped
    [-1e300, '2.000'],
    [2000, '6.000'],
    [2250, '7.000'],
    [2500, '8.000'],
    [2600.3, '8.000'], // clamped
    [1e300, '8.000'],
    [Infinity, '8.000'],
  ])('shows %p as %s', (rating, shown) => {
    expect(displayRating(rating)).toBe(shown);
  });

  it('always has exactly three decimals and stays within [2.000, 8.000]', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (rating) => {
        const shown = displayRating(rating);
        expect(shown).toMatch(/^[2-8]\.\d{3}$/);
        expect(displayRatingValue(rating)).toBeGreaterThanOrEqual(2);
        expect(displayRatingValue(rating)).toBeLessThanOrEqual(8);
        expect(displayRatingValue(rating)).toBe(Number(shown));
      }),
      { numRuns: 1000 },
    );
  });

  it('is monotone: a higher internal rating never shows lower', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 3000, noNaN: true }), fc.double({ min: 0, max: 3000, noNaN: true }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(displayThousandths(lo)).toBeLessThanOrEqual(displayThousandths(hi));
      }),
    );
  });

  it('refuses NaN', () => {
    expect(() => displayRating(NaN)).toThrow(RangeError);
  });
});

describe('isProvisional', () => {
  it('is true below 15 games and false from 15 on', () => {
    expect([0, 1, 14, 15, 16, 100].map(isProvisional)).toEqual([true, true, true, false, false, false]);
  });
});
