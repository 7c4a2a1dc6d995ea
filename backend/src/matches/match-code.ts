import { randomInt } from 'node:crypto';

/** No 0/O/1/I: a code read aloud on a court or typed on a phone must not be ambiguous. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 6;

export function newMatchCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Input is case-insensitive and forgiving about spaces; null when it cannot be a code. */
export function normalizeMatchCode(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const code = input.replace(/\s+/g, '').toUpperCase();
  return code.length === CODE_LENGTH && [...code].every((c) => CODE_ALPHABET.includes(c)) ? code : null;
}
