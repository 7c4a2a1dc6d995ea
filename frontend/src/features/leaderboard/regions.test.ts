import { describe, expect, it } from 'vitest';
import { COUNTRY_OPTIONS, STATE_OPTIONS, boardTitle, hasStates, regionOf, selectionOf, withCountry } from './regions';

describe('choosing a board', () => {
  it('offers World, then every country with the United States first; states only for the United States', () => {
    expect(COUNTRY_OPTIONS.slice(0, 2)).toEqual(['World', 'United States']);
    expect(COUNTRY_OPTIONS.length).toBeGreaterThan(190);
    expect(hasStates('United States')).toBe(true);
    expect(hasStates('Canada')).toBe(false);
    expect(hasStates('World')).toBe(false);
    expect(STATE_OPTIONS).toHaveLength(51); // all states, then the 50 codes
  });

  it("names the call's region: National for the world, the state code, else the country", () => {
    expect(regionOf({ country: 'World', state: '' })).toBe('National');
    expect(regionOf({ country: 'United States', state: '' })).toBe('United States');
    expect(regionOf({ country: 'United States', state: 'CA' })).toBe('CA');
    expect(regionOf({ country: 'Canada', state: 'CA' })).toBe('Canada'); // a state never leaks into another country
  });

  it('clears the state when the country changes, and reads the address back into the dropdowns', () => {
    expect(withCountry('Canada')).toEqual({ country: 'Canada', state: '' });
    expect(selectionOf('TX')).toEqual({ country: 'United States', state: 'TX' });
    expect(selectionOf('United States')).toEqual({ country: 'United States', state: '' });
    expect(selectionOf('Canada')).toEqual({ country: 'Canada', state: '' });
    expect(selectionOf(null)).toEqual({ country: 'World', state: '' });
    expect(selectionOf('<script>')).toEqual({ country: 'World', state: '' });
  });

  it('titles the board in the world, a country or a state', () => {
    expect(boardTitle('National')).toBe('Top 50 Players in the World');
    expect(boardTitle('Canada')).toBe('Top 50 Players in Canada');
    expect(boardTitle('United States')).toBe('Top 50 Players in the United States');
    expect(boardTitle('CA')).toBe('Top 50 Players in California');
    expect(boardTitle('Bahamas')).toBe('Top 50 Players in the Bahamas');
  });
});
