import { firstTeamWithRoom, fromSide, judgeReports, movesForward, normalize1v1, playersNeeded } from './match-rules';
import { CODE_ALPHABET, newMatchCode, normalizeMatchCode } from './match-code';

describe('match rules', () => {
  it('counts open slots as 2·teamSize − players', () => {
    expect(playersNeeded('1v1', 1)).toBe(1);
    expect(playersNeeded('5v5', 3)).toBe(7);
    expect(playersNeeded('3v3', 6)).toBe(0);
  });

  it('fills Team A first, then Team B, then refuses', () => {
    expect(firstTeamWithRoom('2v2', 1, 0)).toBe('A');
    expect(firstTeamWithRoom('2v2', 2, 0)).toBe('B');
    expect(firstTeamWithRoom('2v2', 1, 2)).toBe('A');
    expect(firstTeamWithRoom('2v2', 2, 2)).toBeNull();
  });

  it('stores a 1v1 report as Team A/B scores and reads it back from either side', () => {
    expect(normalize1v1('A', 11, 7)).toEqual({ a: 11, b: 7 });
    expect(normalize1v1('B', 11, 7)).toEqual({ a: 7, b: 11 });
    expect(fromSide('B', normalize1v1('B', 11, 7))).toEqual({ user_score: 11, opponent_score: 7 });
  });

  it('completes on agreement, disputes on disagreement, waits for the other side', () => {
    expect(judgeReports({ a: 1, b: 2 }, null)).toEqual({ kind: 'waiting' });
    expect(judgeReports({ a: 1, b: 2 }, { a: 1, b: 2 })).toEqual({ kind: 'agreed', scores: { a: 1, b: 2 } });
    expect(judgeReports({ a: 1, b: 2 }, { a: 2, b: 1 })).toEqual({ kind: 'disputed' });
  });

  it('moves status only forward', () => {
    expect(movesForward('waiting', 'ready')).toBe(true);
    expect(movesForward('in-progress', 'ready')).toBe(false);
    expect(movesForward('completed', 'disputed')).toBe(false);
    expect(movesForward('ready', 'cancelled')).toBe(true);
    expect(movesForward('in-progress', 'cancelled')).toBe(false);
  });
});

describe('match codes', () => {
  it('uses six characters without 0, O, 1 or I', () => {
    for (let i = 0; i < 200; i += 1) expect(newMatchCode()).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(CODE_ALPHABET).not.toMatch(/[0O1I]/);
  });

  it('reads input case-insensitively and refuses what cannot be a code', () => {
    expect(normalizeMatchCode(' ab c2de ')).toBe('ABC2DE');
    expect(normalizeMatchCode('ABCDE0')).toBeNull();
    expect(normalizeMatchCode('ABC')).toBeNull();
    expect(normalizeMatchCode(42)).toBeNull();
  });
});
