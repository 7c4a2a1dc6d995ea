import { US, US_STATE_CODES } from '@gotnext/shared';
import { levenshtein, wordsOf, type ExpectedIdentity } from '../id-match';
import { CANADIAN_JURISDICTIONS } from './aamva';
import { nationalityCodesFor } from './nationality';

/**
 * Comparing what a barcode or an MRZ says with the account (docs/identity-rules.md#document-checks).
 * Machine-read data is exact, so no typo is tolerated here; only spelling conventions are: case,
 * accents (MRZ writes JOSE for José), and punctuation (O'NEIL, ONEIL and O NEIL are one name).
 */

/** Letters and digits only: the form in which names are compared. */
const compact = (s: string) => wordsOf(s).join('');

/**
 * Whether the account's name (one or more words) is the document's: the same letters, or the
 * account's words in sequence among the document's (a middle name printed with the first name).
 */
export function sameName(account: string, document: string): boolean {
  if (!compact(account)) return false;
  if (compact(account) === compact(document)) return true;
  const want = wordsOf(account);
  const have = wordsOf(document);
  for (let i = 0; i + want.length <= have.length; i++) if (want.every((w, k) => have[i + k] === w)) return true;
  return false;
}

export function sameDocumentName(expected: ExpectedIdentity, doc: { firstName: string; lastName: string; middleName?: string | null }): boolean {
  return sameName(expected.lastName, doc.lastName) && sameName(expected.firstName, `${doc.firstName} ${doc.middleName ?? ''}`);
}

/** A licence's jurisdiction fits the account's region: its state, any state of 'United States', any province of 'Canada'. */
export function licenceFitsRegion(state: string, jurisdiction: string, country: 'USA' | 'CAN'): boolean {
  if (US_STATE_CODES.includes(state)) return country === 'USA' && jurisdiction === state;
  if (state === US) return country === 'USA';
  if (state === 'Canada') return country === 'CAN' && CANADIAN_JURISDICTIONS.includes(jurisdiction);
  return false;
}

/** A passport's nationality fits the account's region (USA for a US state). */
export function nationalityFitsRegion(state: string, nationality: string): boolean {
  return nationalityCodesFor(state).includes(nationality.replace(/</g, ''));
}

/** Valid through its expiry day; `today` as YYYY-MM-DD (UTC). */
export function isExpired(expiry: string, today = new Date().toISOString().slice(0, 10)): boolean {
  return expiry < today;
}

/** The label printed just before the number ("DL", "LIC", "NO"), which OCR often reads as one word with it. */
const NUMBER_LABEL = /^[A-Z]{1,3}$/;

/**
 * The document number appears on the front's OCR text: the front and the back are one card.
 * One misread character is tolerated for numbers of 6 or more (OCR reads 0 for O, 1 for I), and
 * a label of up to three letters read against it ("DLD1234567" for "DL D1234567") is set aside.
 */
export function frontShowsNumber(ocrText: string, number: string): boolean {
  const want = compact(number);
  if (!want) return false;
  const same = (read: string) => read === want || (want.length >= 6 && read.length === want.length && levenshtein(read, want) <= 1);
  const words = wordsOf(ocrText);
  // Numbers are printed whole or in groups ("D123 4567"): try every run of up to three words.
  for (let i = 0; i < words.length; i++) {
    let joined = '';
    for (let k = i; k < Math.min(words.length, i + 3); k++) {
      joined += words[k];
      if (same(joined)) return true;
      const label = joined.slice(0, joined.length - want.length);
      if (NUMBER_LABEL.test(label) && same(joined.slice(label.length))) return true;
    }
  }
  return false;
}
