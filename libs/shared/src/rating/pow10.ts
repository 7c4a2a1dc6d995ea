/**
 * 10^x from IEEE 754's basic operations only, so a rating gives the same bits on every engine:
 * `Math.pow` is implementation-approximated, and Node 20's and Node 24's disagree in the last bit
 * (docs/rating.md#the-same-bits-on-every-runtime). `+ − × ÷` and `Math.round` are exact or
 * correctly rounded everywhere (JavaScript allows no fused multiply-add). Within ~1e-15 (relative)
 * of `Math.pow(10, x)` for rating gaps up to 1,000 points (|x| ≤ 2.5), 2e-14 up to 10,000.
 */

/** log₂10 and ln 2, each the double nearest the true value. */
const LOG2_10 = 3.321928094887362;
const LN2 = 0.6931471805599453;
/** Terms of e^r's Taylor series: 1/k! for k = 0…14, each divided out of the one before. */
const TERMS = 15;
const INVERSE_FACTORIALS: number[] = [1];
for (let k = 1; k < TERMS; k += 1) INVERSE_FACTORIALS.push(INVERSE_FACTORIALS[k - 1]! / k);

/** 2^n for an integer n, by doublings or halvings, each exact for the exponents used here. */
function powerOfTwo(n: number): number {
  let p = 1;
  for (let i = 0; i < Math.abs(n); i += 1) p *= 2;
  return n < 0 ? 1 / p : p;
}

/** 10^x for a finite x: 2^t with t = x·log₂10, split into an integer n and |t − n| ≤ ½. */
export function pow10(x: number): number {
  const t = x * LOG2_10;
  const n = Math.round(t);
  // 2^(t − n) = e^r with |r| ≤ ½·ln 2 < 0.35, where the terms left out add < 1e-19.
  const r = (t - n) * LN2;
  let e = INVERSE_FACTORIALS[TERMS - 1]!;
  for (let k = TERMS - 2; k >= 0; k -= 1) e = e * r + INVERSE_FACTORIALS[k]!;
  return e * powerOfTwo(n);
}
