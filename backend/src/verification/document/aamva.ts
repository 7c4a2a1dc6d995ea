/**
 * The AAMVA card design standard's barcode data (the PDF417 on the back of US and Canadian driver's
 * licences and ID cards): the header, then one subfile of elements, each a three-letter id and its
 * value on its own line (docs/identity-rules.md#licence-barcode).
 *
 * Hand-written rather than the `aamva-parser` package: that one reads every date month-first, while
 * Canadian cards write CCYYMMDD, and it turns impossible dates (month 13) into real ones.
 */
export interface AamvaLicence {
  /** Issuer Identification Number of the jurisdiction (6 digits, e.g. 636014 for California). */
  iin: string;
  version: number;
  /** The issuing jurisdiction's code: a US state ('CA') or a Canadian province ('ON'). */
  jurisdiction: string;
  country: 'USA' | 'CAN';
  /** Customer id number (DAQ): the licence number. */
  number: string;
  firstName: string;
  lastName: string;
  middleName: string | null;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  /** YYYY-MM-DD */
  expiry: string;
}

/** Canadian provinces and territories: their licences are read like the states'. */
export const CANADIAN_JURISDICTIONS = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'];

/** "@" LF RS CR then "ANSI " (or "AAMVA" on version 1 cards) and the 6-digit IIN, then the version. */
// eslint-disable-next-line no-control-regex -- the AAMVA header's record separator (RS, 0x1E) is the point
const HEADER = /^@\n\x1e\r(?:ANSI |AAMVA)(\d{6})(\d{2})/;

function validDate(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** MMDDCCYY on US cards, CCYYMMDD on Canadian ones and on every version 1 card; anything impossible is null. */
export function aamvaDate(raw: string | undefined, order: 'mdy' | 'ymd'): string | null {
  if (!raw || !/^\d{8}$/.test(raw)) return null;
  const n = (a: number, b: number) => Number(raw.slice(a, b));
  return order === 'ymd' ? validDate(n(0, 4), n(4, 6), n(6, 8)) : validDate(n(4, 8), n(0, 2), n(2, 4));
}

/** The data elements: each line starting with a three-letter id; the first follows the subfile type ("DL"/"ID"). */
function elementsOf(text: string): Map<string, string> {
  const elements = new Map<string, string>();
  const body = text.replace(HEADER, '');
  for (const raw of body.split(/[\n\r]+/)) {
    // The first element comes right after the subfile designators and the subfile type, e.g. "...DLDAQD123".
    const line = /(?:DL|ID)(D[A-Z]{2}.*)$/.exec(raw)?.[1] ?? raw;
    const m = /^([A-Z]{3})(.*)$/.exec(line.trim());
    if (m && !elements.has(m[1])) elements.set(m[1], m[2].trim());
  }
  return elements;
}

const usable = (v: string | undefined) => (v && !/^(NONE|UNAVL|unavl)$/.test(v) ? v : null);

/**
 * Parses the barcode's text, or null when it is not AAMVA licence data with every field the check
 * needs (name, date of birth, jurisdiction, expiry, number).
 */
export function parseAamva(text: string): AamvaLicence | null {
  const header = HEADER.exec(text);
  if (!header) return null;
  const e = elementsOf(text);
  const version = Number(header[2]);
  const iin = header[1];
  const jurisdiction = usable(e.get('DAJ'))?.toUpperCase() ?? null;
  const countryCode = e.get('DCG');
  const country: 'USA' | 'CAN' = countryCode === 'CAN' || (!countryCode && jurisdiction !== null && CANADIAN_JURISDICTIONS.includes(jurisdiction)) ? 'CAN' : 'USA';
  // Version 1 cards carry the whole name in DAA ("LAST,FIRST,MIDDLE"); later ones split it.
  let lastName = usable(e.get('DCS')) ?? usable(e.get('DAB'));
  let firstName = usable(e.get('DAC')) ?? usable(e.get('DCT'));
  let middleName = usable(e.get('DAD'));
  const whole = usable(e.get('DAA'));
  if ((!lastName || !firstName) && whole) {
    const [last, first, middle] = whole.split(/[,$]/).map((s) => s.trim());
    lastName ??= last || null;
    firstName ??= first || null;
    middleName ??= middle || null;
  }
  const number = usable(e.get('DAQ'))?.replace(/\s+/g, '') ?? null;
  const order = country === 'CAN' || version === 1 ? 'ymd' : 'mdy';
  const dateOfBirth = aamvaDate(e.get('DBB'), order);
  const expiry = aamvaDate(e.get('DBA'), order);
  if (!jurisdiction || !lastName || !firstName || !number || !dateOfBirth || !expiry) return null;
  return { iin, version, jurisdiction, country, number, firstName, lastName, middleName, dateOfBirth, expiry };
}
