import fc from 'fast-check';
import { balancedSplit, canSplit, pickNextUnits, winProbability, type SplitUnit } from './teams';

/** The oracle: every assignment of units to two sides (2^k masks), no pruning, no symmetry trick. */
function bruteForce(units: SplitUnit[], teamSize: number): { best: number; count: number } | null {
  let best: number | null = null;
  let count = 0;
  for (let mask = 0; mask < 1 << units.length; mask += 1) {
    if (!(mask & 1)) continue; // unit 0 on team A, as the split counts each pair once
    const a = units.filter((_, i) => mask & (1 << i)).flatMap((u) => u.players);
    const b = units.filter((_, i) => !(mask & (1 << i))).flatMap((u) => u.players);
    if (a.length !== teamSize || b.length !== teamSize) continue;
    count += 1;
    const d = Math.abs(winProbability(a, b) - 0.5);
    if (best === null || d < best) best = d;
  }
  return best === null ? null : { best, count };
}

const singles = (ratings: number[]): SplitUnit[] => ratings.map((rating, i) => ({ players: [{ id: i + 1, rating }] }));

describe('balancedSplit', () => {
  it('compares all 126 splits of 10 players alone', () => {
    const split = balancedSplit(singles([1500, 1600, 1700, 1400, 1300, 1550, 1650, 1450, 1800, 1200]), 5)!;
    expect(split.splits).toBe(126);
    expect(split.teamA).toContain(0);
    expect(split.teamA.length + split.teamB.length).toBe(10);
  });

  it('keeps groups on one team', () => {
    const units: SplitUnit[] = [
      {
        players: [
          { id: 1, rating: 1900 },
          { id: 2, rating: 1880 },
        ],
      },
      ...singles([1500, 1500, 1500, 1500]).map((u, i) => ({ players: [{ id: 10 + i, rating: u.players[0].rating }] })),
      {
        players: [
          { id: 3, rating: 1100 },
          { id: 4, rating: 1120 },
        ],
      },
    ];
    const split = balancedSplit(units, 4)!;
    // The strong pair and the weak pair balance each other on one side.
    expect(split.teamA).toEqual(expect.arrayContaining([0, 5]));
    expect(Math.abs(split.probabilityA - 0.5)).toBeLessThan(0.01);
  });

  it('finds the best win probability of the brute-force oracle, groups included', () => {
    const unitArb = fc.array(fc.integer({ min: 800, max: 2600 }), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.array(unitArb, { minLength: 2, maxLength: 10 }), (teamSize, raw) => {
        let id = 0;
        const units = raw.filter((r) => r.length <= teamSize).map((r) => ({ players: r.map((rating) => ({ id: (id += 1), rating })) }));
        const total = units.reduce((n, u) => n + u.players.length, 0);
        fc.pre(total === 2 * teamSize);
        const oracle = bruteForce(units, teamSize);
        const split = balancedSplit(units, teamSize);
        if (!oracle) return split === null;
        return split !== null && split.splits === oracle.count && Math.abs(split.probabilityA - 0.5) === oracle.best;
      }),
      { numRuns: 300 },
    );
  });
});

describe('pickNextUnits', () => {
  it('takes the earliest places that fill two teams', () => {
    expect(pickNextUnits([1, 1, 1, 1, 1], 2)).toEqual([0, 1, 2, 3]);
  });

  it('passes over a group that does not fit, which keeps its place', () => {
    // 3v3: a group of 3 after 4 singles cannot fit the 2 slots left; the next singles do.
    expect(pickNextUnits([1, 1, 1, 1, 3, 1, 1], 3)).toEqual([0, 1, 2, 3, 5, 6]);
  });

  it('needs a selection that splits with groups whole', () => {
    // 3v3 of three pairs cannot be split; the singles behind make it work.
    expect(pickNextUnits([2, 2, 2, 1, 1], 3)).toEqual([0, 1, 3, 4]);
    expect(canSplit([2, 2, 2], 3)).toBe(false);
  });

  it('refills around the places already called', () => {
    // 2v2: a confirmed pair stays and the next pair makes the other team; two singles fill around two singles.
    expect(pickNextUnits([2, 1, 1], 2, [2])).toEqual([0]);
    expect(pickNextUnits([1, 1], 2, [1, 1])).toEqual([0, 1]);
    expect(pickNextUnits([1], 2, [1, 1])).toBeNull();
  });

  it('is null when the queue cannot fill a game', () => {
    expect(pickNextUnits([1, 1, 1], 2)).toBeNull();
  });
});
