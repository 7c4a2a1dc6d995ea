import fc from 'fast-check';
import { pow10 } from './pow10';

const relative = (a: number, b: number) => Math.abs(a / b - 1);

describe('pow10', () => {
  it('is 10^x within a rounding error or two of Math.pow', () => {
    expect(pow10(0)).toBe(1);
    fc.assert(
      fc.property(fc.double({ min: -2.5, max: 2.5, noNaN: true }), (x) => {
        expect(relative(pow10(x), Math.pow(10, x))).toBeLessThanOrEqual(2e-15);
      }),
    );
    fc.assert(
      fc.property(fc.double({ min: -25, max: 25, noNaN: true }), (x) => {
        expect(relative(pow10(x), Math.pow(10, x))).toBeLessThanOrEqual(2e-14);
      }),
    );
  });

  // The bits this function gives, the same on Node 20.20.2 and 24.22.3, whose own Math.pow
  // disagree in the last bit for some x (docs/rating.md#the-same-bits-on-every-runtime).
  it.each([
    [-0.5, 0.31622776601683794],
    [0.25, 1.7782794100389228],
    [1.234, 17.139573075084247],
    [-2.5, 0.003162277660168379],
    [-0.0425, 0.9067759645839049],
    [7.5, 31622776.60168377],
  ])('pow10(%p) is exactly %p', (x, bits) => {
    expect(pow10(x)).toBe(bits);
  });
});
