import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { acceptedSteps, codeStep, secondsLeftInStep, stepCounter, truncateToCode } from '@gotnext/shared';

/** A new session's secret: 160 bits, as RFC 4226 recommends for HMAC-SHA1. */
export const newSessionSecret = (): Buffer => randomBytes(20);

export function codeAt(secret: Buffer, step: number): string {
  return truncateToCode(new Uint8Array(createHmac('sha1', secret).update(stepCounter(step)).digest()));
}

/** The code the host's phone shows now, and seconds until it changes (docs/courts.md#check-in). */
export function currentCode(secret: Buffer, nowMs = Date.now()): { code: string; expires_in: number } {
  return { code: codeAt(secret, codeStep(nowMs)), expires_in: secondsLeftInStep(nowMs) };
}

/** The current step's code or the previous one's; compared in constant time. */
export function codeMatches(secret: Buffer, code: string, nowMs = Date.now()): boolean {
  const typed = Buffer.from(code);
  return acceptedSteps(codeStep(nowMs)).some((step) => {
    const expected = Buffer.from(codeAt(secret, step));
    return expected.length === typed.length && timingSafeEqual(expected, typed);
  });
}
