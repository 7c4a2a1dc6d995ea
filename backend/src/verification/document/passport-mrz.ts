import { parse } from 'mrz';

/** A passport's machine-readable zone, read and checked (docs/identity-rules.md#passport-mrz). */
export interface PassportMrz {
  /** Every check digit (number, birth date, expiry, personal number, composite) holds and every field is well formed. */
  valid: boolean;
  /** The fields whose check failed, for the log (never the values). */
  invalid: string[];
  documentCode: string;
  issuingState: string;
  nationality: string;
  number: string;
  lastName: string;
  firstName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string | null;
  /** YYYY-MM-DD */
  expiry: string | null;
}

const TD3_LENGTH = 44;
const MRZ_CHARS = /^[A-Z0-9<]+$/;

/**
 * The two TD3 lines from OCR text of the page's bottom band. OCR miscounts runs of the '<' filler,
 * so line 1 (name, ends in fillers) is padded or trimmed to 44, and line 2's run of fillers in the
 * personal-number field is put back to its length; every other character must be where ICAO puts it.
 */
export function mrzLinesFrom(text: string): [string, string] | null {
  const lines = text
    .toUpperCase()
    .split('\n')
    .map((l) => l.replace(/\s+/g, '').replace(/[«‹]/g, '<'))
    .filter((l) => l.length >= 30 && MRZ_CHARS.test(l));
  const first = lines.findIndex((l) => l.startsWith('P'));
  if (first < 0 || first + 1 >= lines.length) return null;
  // A name never holds three fillers in a row: from there on it is all filler ('<' is often misread as K, L, C).
  let line1 = lines[first].replace(/<{3,}.*$/, (tail) => '<'.repeat(tail.length));
  line1 = line1.length > TD3_LENGTH ? line1.slice(0, TD3_LENGTH) : line1.padEnd(TD3_LENGTH, '<');
  let line2 = lines[first + 1];
  if (line2.length !== TD3_LENGTH) {
    // Fixed part (28), personal number + its check digit (15), composite check digit (1).
    const m = /^(.{28})([A-Z0-9]*)(<*)([0-9<]?)([0-9])$/.exec(line2);
    if (!m) return null;
    const personal = m[2];
    if (personal.length > 14) return null;
    line2 = `${m[1]}${personal.padEnd(14, '<')}${m[4] || '<'}${m[5]}`;
    if (line2.length !== TD3_LENGTH) return null;
  }
  return [line1, line2];
}

/** YYMMDD with the century a person's birth (never in the future) or a passport's expiry (this century) implies. */
function fullDate(yymmdd: string | null | undefined, kind: 'birth' | 'expiry', today = new Date()): string | null {
  if (!yymmdd || !/^\d{6}$/.test(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const thisYear = today.getUTCFullYear() % 100;
  const century = kind === 'birth' ? (yy > thisYear ? 1900 : 2000) : 2000;
  const y = century + yy;
  const m = Number(yymmdd.slice(2, 4));
  const d = Number(yymmdd.slice(4, 6));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

const clean = (s: string | null | undefined) => (s ?? '').replace(/</g, ' ').trim();

/** Parses and checks the MRZ lines with the `mrz` package (every ICAO 9303 check digit). */
export function readPassportMrz(lines: [string, string]): PassportMrz | null {
  let result: ReturnType<typeof parse>;
  try {
    // autocorrect: a letter read where ICAO puts a digit (O for 0, Z for 2, ...) and the reverse are put right before the check digits are tested.
    result = parse(lines, { autocorrect: true });
  } catch {
    return null;
  }
  if (result.format !== 'TD3') return null;
  const raw = (start: number, end: number, line = 1) => lines[line].slice(start, end).replace(/<+$/, '');
  const f = result.fields;
  const nationality = f.nationality ?? raw(10, 13);
  return {
    valid: result.valid,
    invalid: result.details.filter((d) => !d.valid).map((d) => d.field ?? d.label),
    documentCode: clean(lines[0].slice(0, 2)),
    // The raw codes, even when the package does not know a state (ICAO also issues codes it lists late).
    issuingState: f.issuingState ?? raw(2, 5, 0),
    nationality,
    number: f.documentNumber ?? raw(0, 9),
    lastName: clean(f.lastName),
    firstName: clean(f.firstName),
    dateOfBirth: fullDate(f.birthDate ?? lines[1].slice(13, 19), 'birth'),
    expiry: fullDate(f.expirationDate ?? lines[1].slice(21, 27), 'expiry'),
  };
}
