import { states } from 'mrz';
import { US, US_STATE_CODES } from '@gotnext/shared';

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/**
 * Our country names (libs/shared COUNTRIES) that ICAO's list, as the `mrz` package carries it,
 * writes differently ("Russian Federation (the)") or codes otherwise.
 */
const CODES_BY_OUR_NAME: Record<string, string[]> = {
  'United States': ['USA'],
  Bahamas: ['BHS'],
  Bolivia: ['BOL'],
  Brunei: ['BRN'],
  'Central African Republic': ['CAF'],
  Comoros: ['COM'],
  Congo: ['COG'],
  'Czech Republic': ['CZE'],
  'Democratic Republic of the Congo': ['COD'],
  'Dominican Republic': ['DOM'],
  Gambia: ['GMB'],
  Germany: ['D', 'DEU'],
  Iran: ['IRN'],
  Kosovo: ['RKS'],
  Laos: ['LAO'],
  'Marshall Islands': ['MHL'],
  Micronesia: ['FSM'],
  Moldova: ['MDA'],
  Netherlands: ['NLD'],
  Niger: ['NER'],
  'North Korea': ['PRK'],
  Palestine: ['PSE'],
  Philippines: ['PHL'],
  Russia: ['RUS'],
  'South Korea': ['KOR'],
  Sudan: ['SDN'],
  Syria: ['SYR'],
  Taiwan: ['TWN'],
  Tanzania: ['TZA'],
  'United Arab Emirates': ['ARE'],
  'United Kingdom': ['GBR', 'GBD', 'GBN', 'GBO', 'GBP', 'GBS'],
  'Vatican City': ['VAT'],
  Venezuela: ['VEN'],
};

const CODES_BY_ICAO_NAME = new Map<string, string[]>();
for (const [code, name] of Object.entries(states as Record<string, string>)) {
  const key = fold(name);
  CODES_BY_ICAO_NAME.set(key, [...(CODES_BY_ICAO_NAME.get(key) ?? []), code]);
}

/**
 * The ICAO nationality codes a passport of the account's region may carry: a US state or 'United
 * States' is USA; a country by its name. Empty when the region names no country.
 */
export function nationalityCodesFor(state: string): string[] {
  if (state === US || US_STATE_CODES.includes(state)) return ['USA'];
  return CODES_BY_OUR_NAME[state] ?? CODES_BY_ICAO_NAME.get(fold(state)) ?? [];
}
