import { invitePath, lobbyStatusText, safeNextPath, scoreFitsTarget, startBlockedReason } from './play-loop';
import type { MatchDetails, MatchPlayer } from '../api/matches';

const p = (id: number, username: string): MatchPlayer => ({ user_id: id, username, profile_picture: null, profile_picture_version: 0 });
function match(over: Partial<MatchDetails>): MatchDetails {
  const base: MatchDetails = {
    match_id: 1,
    match_code: 'ABC234',
    match_type: '1v1',
    matchType: '1v1',
    scoring_type: '1s & 2s to 21',
    ranked: false,
    creator_id: 1,
    status: 'waiting',
    players_needed: 1,
    opponent: null,
    teamA: [p(1, 'jrivera')],
    team_a: [],
    teamB: [],
    team_b: [],
    my_team: 'A',
    reported: { A: false, B: false },
    team_a_score: null,
    team_b_score: null,
    league_id: null,
    result: null,
    target_score: 21,
  };
  return { ...base, ...over };
}

describe('the score fits the target', () => {
  it.each([
    [21, 15, '1s & 2s to 21', true],
    [15, 21, '1s & 2s to 21', true],
    [22, 20, '1s & 2s to 21', true],
    [23, 21, '1s & 2s to 21', true],
    [5, 3, '1s & 2s to 5', true],
    [6, 3, '1s & 2s to 5', true],
    [13, 9, '2s & 3s to 11', true],
    [21, 15, '1s & 2s to 5', false],
    [4, 2, '1s & 2s to 5', false],
    [5, 5, '1s & 2s to 5', false],
    [14, 9, '2s & 3s to 11', false],
  ] as const)('%i–%i in %s: %s', (a, b, scoring, fits) => {
    expect(scoreFitsTarget(a, b, scoring)).toBe(fits);
  });
});

describe('the lobby in words', () => {
  it('counts the open slots and names the creator the others wait for', () => {
    expect(lobbyStatusText(match({ players_needed: 1 }), 1)).toBe('Waiting for 1 more player');
    expect(lobbyStatusText(match({ match_type: '3v3', players_needed: 4 }), 1)).toBe('Waiting for 4 more players');
    const ready = match({ status: 'ready', players_needed: 0, teamB: [p(2, 'mchen')] });
    expect(lobbyStatusText(ready, 2)).toBe('Ready: waiting for jrivera to start');
    expect(lobbyStatusText(ready, 1)).toBe('Ready: you can start the game');
  });

  it('says why Start is closed', () => {
    expect(startBlockedReason(match({}), 1)).toBe('Start opens when 1 more player joins.');
    expect(startBlockedReason(match({ status: 'ready', teamB: [p(2, 'mchen')] }), 2)).toBe('Only jrivera can start the game.');
    expect(startBlockedReason(match({ status: 'ready', teamB: [p(2, 'mchen')] }), 1)).toBeNull();
    expect(startBlockedReason(match({ status: 'in-progress' }), 1)).toBeNull();
  });
});

describe('links', () => {
  it('builds the invite link and keeps the return path on this site', () => {
    expect(invitePath('ABC234')).toBe('/join-match?code=ABC234');
    expect(safeNextPath('/join-match?code=ABC234')).toBe('/join-match?code=ABC234');
    expect(safeNextPath('//evil.example')).toBe('/');
    expect(safeNextPath('https://evil.example')).toBe('/');
    expect(safeNextPath(null)).toBe('/');
  });
});
