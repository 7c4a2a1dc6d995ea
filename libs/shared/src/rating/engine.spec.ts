/** The exported ratingEngine (docs/rating.md): the shape any harness drives, and what a player sees. */
import fc from 'fast-check';
import { MATCH_TYPES, SCORING_TYPES, teamSize } from '../constants/matches';
import { ratingEngine, type PlayerRating } from './engine';
import { ENGINE_VERSION, RATING_PARAMS } from './constants';

const arbRating: fc.Arbitrary<PlayerRating> = fc.record({
  mu: fc.double({ min: 600, max: 2400, noNaN: true }),
  sigma: fc.double({ min: RATING_PARAMS.minSigma, max: RATING_PARAMS.initialSigma, noNaN: true }),
  games: fc.nat(200),
});
const arbGame = fc.tuple(fc.constantFrom(...MATCH_TYPES), fc.constantFrom(...SCORING_TYPES)).chain(([matchType, scoringType]) => {
  const n = teamSize(matchType);
  return fc.tuple(fc.constant({ matchType, scoringType }), fc.array(arbRating, { minLength: n, maxLength: n }), fc.array(arbRating, { minLength: n, maxLength: n }));
});

describe('ratingEngine', () => {
  it('starts every player at 4.000 shown, with the initial uncertainty, and stores its version', () => {
    expect(ratingEngine.version).toBe(ENGINE_VERSION);
    expect(ratingEngine.initial()).toEqual({ mu: 1500, sigma: RATING_PARAMS.initialSigma, games: 0 });
    expect(ratingEngine.shown(ratingEngine.initial())).toBe(4);
  });

  it('win probabilities are in (0, 1), sum to 1 across the two sides, and favour the stronger side', () => {
    fc.assert(
      fc.property(arbGame, ([match, a, b]) => {
        const p = ratingEngine.winProbability(a, b, match);
        const q = ratingEngine.winProbability(b, a, match);
        expect(p).toBeGreaterThan(0);
        expect(p).toBeLessThan(1);
        expect(p + q).toBeCloseTo(1, 12);
        const stronger = a.map((r) => ({ ...r, mu: r.mu + 50 }));
        expect(ratingEngine.winProbability(stronger, b, match)).toBeGreaterThan(p);
      }),
    );
  });

  it('a longer game and a bigger team make the same gap more decisive', () => {
    const strong = { mu: 1700, sigma: 60, games: 50 };
    const weak = { mu: 1500, sigma: 60, games: 50 };
    const p = (type: (typeof MATCH_TYPES)[number], scoring: (typeof SCORING_TYPES)[number]) => {
      const n = teamSize(type);
      return ratingEngine.winProbability(Array(n).fill(strong), Array(n).fill(weak), { matchType: type, scoringType: scoring });
    };
    expect(p('1v1', '1s & 2s to 21')).toBeGreaterThan(p('1v1', '1s & 2s to 5'));
    expect(p('5v5', '1s & 2s to 21')).toBeGreaterThan(p('1v1', '1s & 2s to 21'));
  });

  it('rate returns JSON-safe before/after states for every player, sorted by id, and refuses a match type that does not fit', () => {
    const seat = (id: number) => ({ id, rating: ratingEngine.initial() });
    const out = ratingEngine.rate({ teamA: [seat(9), seat(2)], teamB: [seat(5), seat(7)], scoreA: 21, scoreB: 12, matchType: '2v2', scoringType: '1s & 2s to 21' });
    expect(out.map((c) => c.id)).toEqual([2, 5, 7, 9]);
    expect(JSON.parse(JSON.stringify(out))).toEqual(out);
    expect(ratingEngine.shown(out.find((c) => c.id === 9)!.after)).toBeGreaterThan(4);
    expect(out.every((c) => c.after.sigma < c.before.sigma && c.after.games === 1)).toBe(true);
    expect(() => ratingEngine.rate({ teamA: [seat(1)], teamB: [seat(2)], scoreA: 11, scoreB: 3, matchType: '2v2', scoringType: '1s & 2s to 11' })).toThrow(RangeError);
  });
});
