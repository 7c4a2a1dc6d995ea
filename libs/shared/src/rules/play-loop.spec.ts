import { disputeClaims, invitePath, lobbyStatusText, safeNextPath, scoreFitsTarget, startBlockedReason } from './play-loop';
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
    my_report: null,
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

describe('after the own report (docs/product.md#lobby)', () => {
  it("reads the side's report and whom it waits for", () => {
    const m = match({ status: 'in-progress', opponent: p(2, 'mchen'), my_report: { user_score: 5, opponent_score: 3 } });
    expect(lobbyStatusText(m, 1)).toBe('In progress · You reported 5–3 · waiting for mchen');
    expect(lobbyStatusText(match({ status: 'in-progress' }), 1)).toBe('In progress: report the score when the game ends');
    const team = match({ status: 'in-progress', match_type: '2v2', my_team: 'B', my_report: { user_score: 18, opponent_score: 21 } });
    expect(lobbyStatusText(team, 1)).toBe('In progress · Your team reported 18–21 · waiting for Team A');
  });
});

describe('the dispute card in words (docs/product.md#resolve-dispute)', () => {
  const base = { match_type: '1v1' as const, opponent: p(2, 'mchen'), my_team: 'A' as const };
  it("names the other player and each side's winner, the winner's score first", () => {
    const claims = disputeClaims({
      ...base,
      my_proposal: { user_score: 5, opponent_score: 3, kind: 'report' },
      their_proposal: { user_score: 2, opponent_score: 5, kind: 'report' },
    });
    expect(claims).toEqual({ theirs: 'mchen says they won 5–2.', mine: 'You said you won 5–3.' });
    const other = disputeClaims({ ...base, my_proposal: { user_score: 4, opponent_score: 4, kind: 'final' }, their_proposal: { user_score: 5, opponent_score: 4, kind: 'final' } });
    expect(other).toEqual({ theirs: 'mchen says you won 5–4.', mine: 'You said it was a 4–4 draw.' });
  });
  it('names the other team in team matches', () => {
    const claims = disputeClaims({ match_type: '2v2', opponent: null, my_team: 'A', my_proposal: { user_score: 9, opponent_score: 11, kind: 'report' }, their_proposal: null });
    expect(claims).toEqual({ theirs: null, mine: 'Your team said Team B won 11–9.' });
  });
});
