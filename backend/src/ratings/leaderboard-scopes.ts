/**
 * Which boards (scopes) a player is listed in, and which board a call's region names
 * (docs/leaderboards.md#scopes). A scope is `world`, `country:{name}` or `state:{code}` (US only).
 */
import { COUNTRIES, countryOfState, US, US_STATE_CODES, US_STATE_NAMES, WORLD_REGION } from '@gotnext/shared';

export const WORLD_SCOPE = 'world';

/** The scopes a player with this `state` value belongs to. */
export function scopesOf(state: string | null): string[] {
  const country = countryOfState(state);
  const scopes = [WORLD_SCOPE, `country:${country}`];
  if (country === US && state && US_STATE_CODES.includes(state)) scopes.push(`state:${state}`);
  return scopes;
}

/** The scope a profile's region ranking is read from: the US state, else the country. */
export function regionScopeOf(state: string | null): string {
  if (state && US_STATE_CODES.includes(state)) return `state:${state}`;
  return `country:${countryOfState(state)}`;
}

export interface Board {
  /** The region as the server spells it: 'National', a country name, a US state code. */
  region: string;
  scope: string;
}

const byLowerName = new Map<string, Board>([
  [WORLD_REGION.toLowerCase(), { region: WORLD_REGION, scope: WORLD_SCOPE }],
  ...COUNTRIES.map((c): [string, Board] => [c.toLowerCase(), { region: c, scope: `country:${c}` }]),
  ...US_STATE_CODES.map((s): [string, Board] => [s.toLowerCase(), { region: s, scope: `state:${s}` }]),
  // A state's full name works too ('California' is CA); no country shares a name with a state
  // except Georgia, which stays the country (its code GA names the state).
  ...Object.entries(US_STATE_NAMES)
    .filter(([, name]) => !COUNTRIES.includes(name))
    .map(([code, name]): [string, Board] => [name.toLowerCase(), { region: code, scope: `state:${code}` }]),
]);

/**
 * The board a call's region names, case-insensitively: 'National' (the world), a country name, a
 * US state code or name. Null for anything else ('N/A', 'International', a typo): the call
 * answers 404 rather than an empty board.
 */
export function boardOfRegion(region: string): Board | null {
  return byLowerName.get(region.trim().toLowerCase()) ?? null;
}

/** The `users.state` values a scope lists (for SQL filters such as the name search). Null: every value (the world). */
export function statesOfScope(scope: string): string[] | null {
  if (scope === WORLD_SCOPE) return null;
  if (scope.startsWith('state:')) return [scope.slice('state:'.length)];
  const country = scope.slice('country:'.length);
  // Anything that is not another country belongs to the US form (countryOfState).
  return country === US ? [US, 'N/A', 'International', ...US_STATE_CODES] : [country];
}
