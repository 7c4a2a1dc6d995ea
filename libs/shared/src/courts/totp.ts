import { COURT_LIMITS } from './constants';

/**
 * The host's rotating check-in code, RFC 6238 style (docs/courts.md#check-in): the time step is
 * floor(unix seconds / 30); the code is the RFC 4226 dynamic truncation of HMAC-SHA1(secret, step as
 * 8 big-endian bytes), 6 digits. The HMAC itself is the caller's (node:crypto on the server), so
 * this file stays pure and the same on both sides.
 */
export function codeStep(nowMs: number, stepSeconds: number = COURT_LIMITS.codeStepSeconds): number {
  return Math.floor(nowMs / 1000 / stepSeconds);
}

/** The HMAC's message: the step as an 8-byte big-endian counter. */
export function stepCounter(step: number): Uint8Array {
  const bytes = new Uint8Array(8);
  let rest = step;
  for (let i = 7; i >= 0; i -= 1) {
    bytes[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  return bytes;
}

/** RFC 4226, section 5.3: 31 bits from the offset in the digest's last nibble, modulo 10^digits, zero-padded. */
export function truncateToCode(digest: Uint8Array, digits: number = COURT_LIMITS.codeDigits): string {
  const offset = digest[digest.length - 1] & 0x0f;
  const binary = ((digest[offset] & 0x7f) << 24) | (digest[offset + 1] << 16) | (digest[offset + 2] << 8) | digest[offset + 3];
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/**
 * The steps a typed code may come from: the current one, and the previous one only (a code read
 * at the end of its 30 s still works while it is typed; a screenshot is useless after 60 s).
 */
export function acceptedSteps(nowStep: number): [number, number] {
  return [nowStep, nowStep - 1];
}

/** Seconds until the code shown now changes. */
export function secondsLeftInStep(nowMs: number, stepSeconds: number = COURT_LIMITS.codeStepSeconds): number {
  return stepSeconds - (Math.floor(nowMs / 1000) % stepSeconds);
}

export function normalizeCourtCode(input: unknown): string | null {
  if (typeof input !== 'string' && typeof input !== 'number') return null;
  const digits = String(input).replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}
