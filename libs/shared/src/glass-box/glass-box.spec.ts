import { calibrate } from './calibration';
import { matchChances } from './chances';
import { walkForward, weighChange } from './walk-forward';
import { ratingEngine } from '../rating/engine';

describe('walkForward', () => {
  it('predicts each match on the ratings before it, and a weight scales what the match does', () => {
    const match = { matchType: '1v1' as const, scoringType: '1s & 2s to 11' as const, scoreA: 11, scoreB: 3 };
    const full = walkForward([
      { id: 1, teamA: [1], teamB: [2], ...match },
      { id: 2, teamA: [1], teamB: [2], ...match },
    ]);
    expect(full.predictions[0].pA).toBe(0.5);
    expect(full.predictions[1].pA).toBeGreaterThan(0.5);
    expect(full.predictions[0]).toMatchObject({ outcome: 1, teamSize: 1, provisional: true });
    const none = walkForward([{ id: 1, teamA: [1], teamB: [2], ...match, weight: 0 }]);
    expect(ratingEngine.shown(none.ratings.get(1)!)).toBe(4);
    expect(none.ratings.get(1)!.games).toBe(1);
    const before = ratingEngine.initial();
    const after = { ...before, mu: before.mu + 40, games: 1 };
    expect(weighChange(before, after, 0.5)).toEqual({ ...after, mu: before.mu + 20 });
    expect(weighChange(before, after, 1)).toBe(after);
  });
});

describe('calibrate', () => {
  it('reads each game from the favourite, in 10 bins, with log-loss and Brier by team size', () => {
    const p = (pA: number, outcome: number, teamSize = 1, provisional = false) => ({ matchId: 0, pA, outcome, teamSize, provisional });
    const c = calibrate([p(0.7, 1), p(0.3, 1), p(0.72, 1, 3, true), p(0.5, 0, 3)]);
    expect(c.games).toBe(4);
    expect(c.bins[7]).toEqual({ from: 0.7, to: 0.8, games: 3, predicted: 0.7067, won: 0.6667 });
    expect(c.bins[5]).toMatchObject({ games: 1, predicted: 0.5, won: 0 });
    expect(c.byTeamSize.map((s) => [s.teamSize, s.games])).toEqual([
      [1, 2],
      [3, 2],
    ]);
    expect(c.provisional.games).toBe(1);
    expect(c.overall.brier).toBeCloseTo((0.09 + 0.49 + 0.0784 + 0.25) / 4, 4);
  });
});

describe('matchChances', () => {
  it('gives even teams even chances and a win and a loss of opposite sign for each player', () => {
    const seat = (id: number) => ({ id, rating: ratingEngine.initial() });
    const c = matchChances([seat(1), seat(2)], [seat(3), seat(4)], { matchType: '2v2', scoringType: '1s & 2s to 21' });
    expect(c.chanceA).toBe(0.5);
    expect(c.players.map((x) => x.id)).toEqual([1, 2, 3, 4]);
    for (const x of c.players) {
      expect(x.win).toBeGreaterThan(0);
      expect(x.loss).toBe(-x.win);
    }
  });
});
