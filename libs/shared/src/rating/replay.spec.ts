/** replayMatches is exactly "rateMatch one match at a time", so a rebuild reproduces history. */
import fc from 'fast-check';
import { replayMatches, type ReplayMatch } from './replay';
import { rateMatch } from './rate-match';
import { INITIAL_RATING, RATING_PARAMS } from './constants';
import type { RatingChange, RatingPool } from './types';
import { arbAnyTarget, arbTeamSize, arbWinScores } from './arbitraries.spec-helpers';

const POOL_IDS = Array.from({ length: 12 }, (_, i) => 10 + 7 * i);

/** A stored match among a small pool, so players meet repeatedly; about one in six is a draw. */
const arbReplayMatch: fc.Arbitrary<ReplayMatch> = fc
  .tuple(arbTeamSize, arbAnyTarget)
  .chain(([n, target]) =>
    fc.tuple(
      fc.shuffledSubarray(POOL_IDS, { minLength: 2 * n, maxLength: 2 * n }),
      fc.oneof({ arbitrary: arbWinScores(target).map((s) => [s.winner, s.loser]), weight: 5 }, { arbitrary: fc.nat(target).map((s) => [s, s]), weight: 1 }),
      fc.boolean(),
      fc.constant(target),
      fc.constant(n),
    ),
  )
  .map(([ids, [x, y], flip, target, n]) => ({ teamA: ids.slice(0, n), teamB: ids.slice(n), scoreA: flip ? y : x, scoreB: flip ? x : y, target }));

const arbHistory = fc.array(arbReplayMatch, { minLength: 0, maxLength: 40 });

/** The obvious loop a live server runs: read the pool, rate, write the pool. */
function oneAtATime(matches: readonly ReplayMatch[]): { pool: RatingPool; changes: RatingChange[][] } {
  const pool: RatingPool = new Map();
  const changes: RatingChange[][] = [];
  for (const m of matches) {
    const player = (id: number) => ({
      id,
      rating: pool.get(id)?.rating ?? INITIAL_RATING,
      sigma: pool.get(id)?.sigma ?? RATING_PARAMS.initialSigma,
      games: pool.get(id)?.games ?? 0,
    });
    const result = rateMatch({ teamA: m.teamA.map(player), teamB: m.teamB.map(player), scoreA: m.scoreA, scoreB: m.scoreB, target: m.target });
    for (const c of result) pool.set(c.id, { rating: c.after, sigma: c.sigmaAfter, games: c.gamesAfter });
    changes.push(result);
  }
  return { pool, changes };
}

describe('replayMatches', () => {
  it('is bit-identical to applying rateMatch one match at a time', () => {
    fc.assert(
      fc.property(arbHistory, (matches) => {
        expect(replayMatches(matches)).toEqual(oneAtATime(matches));
      }),
    );
  });

  it('replaying in two parts (continuing from a pool) equals replaying at once', () => {
    fc.assert(
      fc.property(arbHistory, fc.nat(), (matches, cut) => {
        const at = matches.length === 0 ? 0 : cut % (matches.length + 1);
        const first = replayMatches(matches.slice(0, at));
        const second = replayMatches(matches.slice(at), first.pool);
        const whole = replayMatches(matches);
        expect(second.pool).toEqual(whole.pool);
        expect([...first.changes, ...second.changes]).toEqual(whole.changes);
      }),
    );
  });

  it('does not modify the starting pool', () => {
    const start: RatingPool = new Map([[1, { rating: 1600, sigma: 90, games: 3 }]]);
    const result = replayMatches([{ teamA: [1], teamB: [2], scoreA: 11, scoreB: 2, target: 11 }], start);
    expect(start.get(1)).toEqual({ rating: 1600, sigma: 90, games: 3 });
    expect(result.pool.get(1)?.games).toBe(4);
  });

  it('starts unknown players at 1500, the initial uncertainty and 0 games', () => {
    const { changes, pool } = replayMatches([{ teamA: [7], teamB: [3], scoreA: 5, scoreB: 5, target: 5 }]);
    expect(changes[0].map((c) => [c.id, c.before, c.gamesBefore])).toEqual([
      [3, INITIAL_RATING, 0],
      [7, INITIAL_RATING, 0],
    ]);
    expect(pool.get(3)).toMatchObject({ rating: INITIAL_RATING, games: 1 });
    expect(changes[0][0]!.sigmaBefore).toBe(RATING_PARAMS.initialSigma);
    expect(pool.get(3)!.sigma).toBeLessThan(RATING_PARAMS.initialSigma);
  });

  it('names the offending match when one is invalid', () => {
    const good: ReplayMatch = { teamA: [1], teamB: [2], scoreA: 11, scoreB: 2, target: 11 };
    expect(() => replayMatches([good, { ...good, teamB: [1] }])).toThrow(/^match 1: rateMatch: player 1 appears more than once$/);
  });
});
