import { createHmac } from 'node:crypto';
import { acceptedSteps, codeStep, normalizeCourtCode, secondsLeftInStep, stepCounter, truncateToCode } from './totp';

const hmac = (secret: string, step: number) => new Uint8Array(createHmac('sha1', Buffer.from(secret)).update(stepCounter(step)).digest());

describe('the rotating code (RFC 6238 style)', () => {
  // RFC 6238 appendix B, SHA-1, secret "12345678901234567890": 8-digit codes; the last 6 digits are ours.
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('at T=%s the code is %s', (seconds, code) => {
    expect(truncateToCode(hmac('12345678901234567890', codeStep(seconds * 1000)))).toBe(code);
  });

  it('changes every 30 s and accepts the previous step only', () => {
    expect(codeStep(29_999)).toBe(0);
    expect(codeStep(30_000)).toBe(1);
    expect(acceptedSteps(100)).toEqual([100, 99]);
    expect(secondsLeftInStep(30_000)).toBe(30);
    expect(secondsLeftInStep(59_000)).toBe(1);
  });

  it('reads six digits, spaces allowed', () => {
    expect(normalizeCourtCode('123 456')).toBe('123456');
    expect(normalizeCourtCode('12345')).toBeNull();
    expect(normalizeCourtCode({})).toBeNull();
  });
});
