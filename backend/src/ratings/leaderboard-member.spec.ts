import { gamesOfMember, memberOf, userIdOfMember } from './leaderboard-member';
import { changesFromScript, touches } from './leaderboard-changes';
import { boardOfRegion, regionScopeOf, scopesOf, statesOfScope } from './leaderboard-scopes';

describe('leaderboard members', () => {
  it('round-trip the user id and games', () => {
    for (const [id, games] of [
      [1, 0],
      [7, 15],
      [2_147_483_647, 123_456],
    ]) {
      const member = memberOf(id, games);
      expect([userIdOfMember(member), gamesOfMember(member)]).toEqual([id, games]);
    }
  });

  it('sort among equal ratings as the board does: more games first, then the smaller id (Redis reverses byte order)', () => {
    const players = [
      { id: 9, games: 3 },
      { id: 2, games: 3 },
      { id: 5, games: 10 },
      { id: 1, games: 2 },
    ];
    const reverseByteOrder = players
      .map((p) => memberOf(p.id, p.games))
      .sort()
      .reverse();
    expect(reverseByteOrder.map(userIdOfMember)).toEqual([5, 2, 9, 1]);
  });
});

describe('leaderboard scopes and regions', () => {
  it('lists a player in the world, their country and their US state', () => {
    expect(scopesOf('TX')).toEqual(['world', 'country:United States', 'state:TX']);
    expect(scopesOf('N/A')).toEqual(['world', 'country:United States']);
    expect(scopesOf('International')).toEqual(['world', 'country:United States']);
    expect(scopesOf('Canada')).toEqual(['world', 'country:Canada']);
    expect(regionScopeOf('TX')).toBe('state:TX');
    expect(regionScopeOf('N/A')).toBe('country:United States');
    expect(regionScopeOf('Canada')).toBe('country:Canada');
  });

  it("reads a call's region: National, a country, a state code or name; anything else is no board", () => {
    expect(boardOfRegion('National')).toEqual({ region: 'National', scope: 'world' });
    expect(boardOfRegion('united states')).toEqual({ region: 'United States', scope: 'country:United States' });
    expect(boardOfRegion('ca')).toEqual({ region: 'CA', scope: 'state:CA' });
    expect(boardOfRegion('California')).toEqual({ region: 'CA', scope: 'state:CA' });
    expect(boardOfRegion('Georgia')).toEqual({ region: 'Georgia', scope: 'country:Georgia' });
    for (const none of ['N/A', 'International', 'World', '', 'XX']) expect(boardOfRegion(none)).toBeNull();
  });

  it('names the state values each scope lists', () => {
    expect(statesOfScope('world')).toBeNull();
    expect(statesOfScope('state:TX')).toEqual(['TX']);
    expect(statesOfScope('country:Canada')).toEqual(['Canada']);
    expect(statesOfScope('country:United States')).toEqual(expect.arrayContaining(['United States', 'N/A', 'International', 'TX', 'WY']));
  });
});

describe('leaderboard changes', () => {
  it('turn the script answer into the positions a write moved', () => {
    const changes = changesFromScript(['world', 40, 3, 'country:Canada', -1, 7, 'state:TX', 12, -1, 'state:CA', -1, -1]);
    expect(changes).toEqual([
      { scope: 'world', from: 3, to: 40, resized: false },
      { scope: 'country:Canada', from: 7, to: null, resized: true },
      { scope: 'state:TX', from: 12, to: null, resized: true },
    ]);
    // Page 1 (positions 0-49) is reached by the move from 40 to 3; page 2 is not.
    expect(touches(changes[0], 0, 49)).toBe(true);
    expect(touches(changes[0], 50, 99)).toBe(false);
    // A player joining at 7 shifts everyone below: every later page.
    expect(touches(changes[1], 950, 999)).toBe(true);
    expect(touches(changes[1], 0, 6)).toBe(false);
  });
});
