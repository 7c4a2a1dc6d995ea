import { MSG } from '../messages';

/**
 * What any input must be before a route looks at it (docs/api.md#input-refused-at-the-edge). The
 * API applies these to every request (path, query, body, multipart fields) and every socket
 * event at once, so no route can forget them.
 */

/** Ids are PostgreSQL `integer`s: 1 … 2^31−1. A larger one names nothing, and must never reach a query. */
export const MAX_DB_ID = 2_147_483_647;

/** Deepest nesting a JSON body may have. Our deepest real body is 2 (preferences inside the form). */
export const MAX_BODY_DEPTH = 8;

/** A positive integer id that fits PostgreSQL's integer. */
export function isDbId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_DB_ID;
}

/** An id written in a path or a room name ("42"), or null for anything else. */
export function parseDbId(raw: unknown): number | null {
  if (typeof raw !== 'string' || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_DB_ID ? id : null;
}

/**
 * A NUL byte (PostgreSQL's text cannot hold one) or a lone UTF-16 surrogate (not a character:
 * the driver would silently store U+FFFD instead).
 */
// eslint-disable-next-line no-control-regex -- NUL is one of the characters refused (PostgreSQL text cannot hold it)
const FORBIDDEN_CHARS = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasForbiddenChars(text: string): boolean {
  return FORBIDDEN_CHARS.test(text);
}

/** Keys that would reach an object's prototype; no field of ours is named like that. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * The first thing wrong with a parsed input (a body, a query, path parameters), as the message to
 * answer, or null: a string with a forbidden character, a key (or a key's text) that is, a
 * prototype key, or nesting deeper than MAX_BODY_DEPTH.
 */
export function inputProblem(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return hasForbiddenChars(value) ? MSG.invalidCharacters : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_BODY_DEPTH) return MSG.bodyTooDeep;
  for (const [key, child] of Object.entries(value)) {
    if (hasForbiddenChars(key)) return MSG.invalidCharacters;
    if (PROTOTYPE_KEYS.has(key)) return MSG.unknownField(key);
    const problem = inputProblem(child, depth + 1);
    if (problem) return problem;
  }
  return null;
}

/**
 * Nesting depth of raw JSON text, counted without parsing it (so a hostile body never reaches a
 * recursive parser or validator); stops counting once past `limit`.
 */
export function jsonDepthExceeds(text: string, limit: number = MAX_BODY_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i += 1;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth -= 1;
  }
  return false;
}
