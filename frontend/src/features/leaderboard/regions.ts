/**
 * Which board the Country and State dropdowns name, and how the page titles it
 * (docs/product.md#leaderboard). The call's region is 'National' for the world, the country's
 * name, or the US state code.
 */
import { COUNTRIES, LEADERBOARD_SIZE, US, US_STATE_CODES, US_STATE_NAMES, WORLD_REGION } from '@gotnext/shared';

/** The Country dropdown's first choice. */
export const WORLD = 'World';
/** The State dropdown's first choice: the whole United States. */
export const ALL_STATES = '';

export const COUNTRY_OPTIONS: readonly string[] = [WORLD, ...COUNTRIES];
export const STATE_OPTIONS: readonly string[] = [ALL_STATES, ...US_STATE_CODES];

export interface RegionSelection {
  country: string;
  /** A US state code, or ALL_STATES; always ALL_STATES outside the United States. */
  state: string;
}

/** The State dropdown exists only for the United States. */
export function hasStates(country: string): boolean {
  return country === US;
}

/** A new country clears the state (no state belongs to another country). */
export function withCountry(country: string): RegionSelection {
  return { country, state: ALL_STATES };
}

/** The region of the call for a selection. */
export function regionOf({ country, state }: RegionSelection): string {
  if (country === WORLD) return WORLD_REGION;
  if (hasStates(country) && US_STATE_CODES.includes(state)) return state;
  return country;
}

/** The dropdowns for a region (from the address bar); anything unknown reads as the world. */
export function selectionOf(region: string | null): RegionSelection {
  if (region && US_STATE_CODES.includes(region)) return { country: US, state: region };
  if (region && COUNTRIES.includes(region)) return withCountry(region);
  return withCountry(WORLD);
}

/** Country names read with "the" in a sentence ("in the United States", "in the Bahamas"). */
const WITH_THE = /^(United |Central African|Czech|Dominican Republic|Democratic Republic)|(Islands|Netherlands|Bahamas|Gambia|Philippines|Maldives|Comoros)$/;

/** "the World", "California", "the United States", "Canada". */
export function placeName(region: string): string {
  if (region === WORLD_REGION) return 'the World';
  if (US_STATE_NAMES[region]) return US_STATE_NAMES[region];
  return WITH_THE.test(region) ? `the ${region}` : region;
}

/** 'Top 50 Players in the World' and its country and state forms. */
export function boardTitle(region: string): string {
  return `Top ${LEADERBOARD_SIZE} Players in ${placeName(region)}`;
}
