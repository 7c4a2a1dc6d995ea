import { COUNTRIES, MSG, US, US_STATE_NAMES } from '@gotnext/shared';

/** What the account says, which the ID must show. */
export interface ExpectedIdentity {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  /** A US state code, a country name, or 'United States'. */
  state: string;
}

export type IdMismatch = 'unreadable' | 'name' | 'date_of_birth' | 'state';

export const ID_MISMATCH_REASONS: Record<IdMismatch, string> = {
  unreadable: MSG.idReasons.unreadable,
  name: MSG.idReasons.name,
  date_of_birth: MSG.idReasons.dateOfBirth,
  state: MSG.idReasons.state,
};

const MONTHS = ['JANUARY', 'FEBRUARY', 'MARCH', 'APRIL', 'MAY', 'JUNE', 'JULY', 'AUGUST', 'SEPTEMBER', 'OCTOBER', 'NOVEMBER', 'DECEMBER'];
/** Below this many letters and digits there is nothing on the photo to compare. */
const MIN_READABLE_CHARS = 12;
/** Words this short must match exactly: one typo would let "AL" match "AN", "A", "CA". */
const FUZZY_MIN_LENGTH = 4;

/** Upper case, accents removed (José → JOSE), so the comparison ignores both. */
function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();
}

/** The words of a text: runs of letters and digits (OCR reads O as 0 inside names; an apostrophe or hyphen splits, as IDs print either way). */
export function wordsOf(s: string): string[] {
  return fold(s)
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
}

export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

function sameWord(expected: string, read: string): boolean {
  if (expected.length < FUZZY_MIN_LENGTH) return expected === read;
  return levenshtein(expected, read) <= 1;
}

/** Whether the words of `phrase` appear one after another in `words`, one typo per word allowed. */
export function containsPhrase(words: readonly string[], phrase: string): boolean {
  const wanted = wordsOf(phrase);
  if (!wanted.length) return false;
  for (let start = 0; start + wanted.length <= words.length; start++) {
    if (wanted.every((w, k) => sameWord(w, words[start + k]))) return true;
  }
  return false;
}

/** Every common written form of a date: 1999-06-15, 06/15/1999, 6/15/1999, 15.06.1999, JUNE 15 1999, 15 JUN 1999, … */
export function dateForms(isoDate: string): string[] {
  const [y, m, d] = isoDate.split('-');
  const mm = m;
  const dd = d;
  const mi = String(Number(m));
  const di = String(Number(d));
  const month = MONTHS[Number(m) - 1];
  const mon = month.slice(0, 3);
  const forms = new Set<string>();
  for (const sep of ['/', '-', '.']) {
    forms.add(`${y}${sep}${mm}${sep}${dd}`);
    for (const [a, b] of [
      [mm, dd],
      [mi, di],
      [mm, di],
      [mi, dd],
    ]) {
      forms.add(`${a}${sep}${b}${sep}${y}`); // US: month first
      forms.add(`${b}${sep}${a}${sep}${y}`); // most of the world: day first
    }
  }
  forms.add(`${mm}${dd}${y}`);
  forms.add(`${y}${mm}${dd}`);
  for (const name of [month, mon, `${mon}.`]) {
    for (const day of [di, dd]) {
      forms.add(`${name} ${day} ${y}`);
      forms.add(`${day} ${name} ${y}`);
      forms.add(`${day}${name}${y}`);
    }
  }
  return [...forms];
}

/** The text as dates are compared: upper case, commas gone, no spaces around separators, single spaces. */
function dateText(s: string): string {
  return ` ${fold(s)
    .replace(/,/g, ' ')
    .replace(/\s*([/.-])\s*/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()} `;
}

export function containsDate(text: string, isoDate: string): boolean {
  const t = dateText(text);
  // Bounded by non-digits so 06/15/1999 is not found inside 106/15/19990. A label of up to three
  // letters may be read as one word with it ("DOB06/15/1999"): OCR joins them, as it does the
  // licence number and its label (docs/identity-rules.md#document-checks).
  return dateForms(isoDate).some((form) => new RegExp(`(^|[^0-9A-Z])([A-Z]{1,3})?${form.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}($|[^0-9A-Z])`).test(t));
}

/** A US state by its code (a word of its own, e.g. "CA") or its name; anything else by its country name. */
export function containsRegion(words: readonly string[], state: string): boolean {
  const code = state.toUpperCase();
  if (US_STATE_NAMES[code]) return words.includes(code) || containsPhrase(words, US_STATE_NAMES[code]);
  if (state === US) return containsPhrase(words, US) || words.includes('USA');
  if (COUNTRIES.includes(state)) return containsPhrase(words, state);
  return false;
}

/**
 * The ID rule (docs/identity-rules.md) on OCR text: first and last name (case-insensitive, one typo per word),
 * the date of birth in any common written form, and the state/region. The first mismatch found is
 * the reason; null means the ID passes.
 */
export function matchIdText(text: string, expected: ExpectedIdentity): IdMismatch | null {
  if (text.replace(/[^0-9A-Za-z]/g, '').length < MIN_READABLE_CHARS) return 'unreadable';
  const words = wordsOf(text);
  if (!containsPhrase(words, expected.firstName) || !containsPhrase(words, expected.lastName)) return 'name';
  if (!containsDate(text, expected.dateOfBirth)) return 'date_of_birth';
  if (!containsRegion(words, expected.state)) return 'state';
  return null;
}

/** Regions an ID can be checked against: not N/A, not 'International' (no place to compare). */
export function isCheckableRegion(state: string | null | undefined): boolean {
  return !!state && state !== 'N/A' && state !== 'International';
}
