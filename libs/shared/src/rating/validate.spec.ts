/** Invalid input is refused with a RangeError naming the problem; valid input never throws. */
import fc from 'fast-check';
import { rateMatch } from './rate-match';
import { ratedMatchFromScoring } from './scoring';
import type { RatedMatchInput, RatingPlayer } from './types';
import { arbMatch } from './arbitraries.spec-helpers';
import type { ScoringType } from '../constants/matches';

const p = (id: number, rating = 1500, games = 0): RatingPlayer => ({ id, rating, sigma: 200, games });
const base: RatedMatchInput = { teamA: [p(1), p(2)], teamB: [p(3), p(4)], scoreA: 11, scoreB: 7, target: 11 };

const unusedId = (m: RatedMatchInput): number => Math.max(...[...m.teamA, ...m.teamB].map((q) => q.id)) + 1;

/** One corruption each; `pattern` is what the message must say. */
const corruptions: Array<[string, (m: RatedMatchInput) => RatedMatchInput, RegExp]> = [
  ['team sizes differ', (m) => ({ ...m, teamB: m.teamB.slice(1) }), /same size|teamB is empty/],
  ['empty team', (m) => ({ ...m, teamA: [] }), /teamA is empty/],
  ['both teams empty', (m) => ({ ...m, teamA: [], teamB: [] }), /is empty/],
  ['six a side', (m) => ({ ...m, teamA: [1, 2, 3, 4, 5, 6].map((i) => p(i)), teamB: [11, 12, 13, 14, 15, 16].map((i) => p(i)) }), /1 to 5/],
  ['duplicate id in a team', (m) => ({ ...m, teamA: [m.teamA[0], { ...m.teamA[0], rating: 1600 }], teamB: [m.teamB[0], p(unusedId(m))] }), /more than once/],
  ['duplicate id across teams', (m) => ({ ...m, teamB: [{ ...m.teamB[0], id: m.teamA[0].id }, ...m.teamB.slice(1)] }), /more than once/],
  ['negative score', (m) => ({ ...m, scoreA: -1 }), /scoreA/],
  ['fractional score', (m) => ({ ...m, scoreB: 2.5 }), /scoreB/],
  ['NaN score', (m) => ({ ...m, scoreA: NaN }), /scoreA/],
  ['infinite score', (m) => ({ ...m, scoreB: Infinity }), /scoreB/],
  ['NaN rating', (m) => ({ ...m, teamA: [{ ...m.teamA[0], rating: NaN }, ...m.teamA.slice(1)] }), /rating must be a finite/],
  ['infinite rating', (m) => ({ ...m, teamB: [{ ...m.teamB[0], rating: -Infinity }, ...m.teamB.slice(1)] }), /rating must be a finite/],
  ['zero sigma', (m) => ({ ...m, teamA: [{ ...m.teamA[0], sigma: 0 }, ...m.teamA.slice(1)] }), /sigma must be a positive/],
  ['NaN sigma', (m) => ({ ...m, teamB: [{ ...m.teamB[0], sigma: NaN }, ...m.teamB.slice(1)] }), /sigma must be a positive/],
  ['zero point unit', (m) => ({ ...m, pointUnit: 0 }), /pointUnit/],
  ['negative games', (m) => ({ ...m, teamA: [{ ...m.teamA[0], games: -1 }, ...m.teamA.slice(1)] }), /games/],
  ['fractional games', (m) => ({ ...m, teamB: [{ ...m.teamB[0], games: 1.5 }, ...m.teamB.slice(1)] }), /games/],
  ['non-integer id', (m) => ({ ...m, teamA: [{ ...m.teamA[0], id: 0.5 }, ...m.teamA.slice(1)] }), /id must be an integer/],
  ['zero target', (m) => ({ ...m, target: 0 }), /target/],
  ['negative target', (m) => ({ ...m, target: -11 }), /target/],
  ['fractional target', (m) => ({ ...m, target: 10.5 }), /target/],
  ['NaN target', (m) => ({ ...m, target: NaN }), /target/],
];

describe('rateMatch input validation', () => {
  it.each(corruptions)('refuses %s', (_name, corrupt, pattern) => {
    expect(() => rateMatch(corrupt(base))).toThrow(RangeError);
    expect(() => rateMatch(corrupt(base))).toThrow(pattern);
  });

  it('refuses every corruption of any valid match', () => {
    fc.assert(
      fc.property(arbMatch(), fc.constantFrom(...corruptions), (match, [, corrupt]) => {
        expect(() => rateMatch(corrupt(match))).toThrow(RangeError);
      }),
      { numRuns: 500 },
    );
  });

  it('accepts every valid match', () => {
    fc.assert(fc.property(arbMatch({ ratingMin: -1e6, ratingMax: 1e6, gamesMax: 10_000 }), (match) => void rateMatch(match)));
  });

  it('names the size mismatch', () => {
    expect(() => rateMatch({ ...base, teamB: [p(3)] })).toThrow('teams must be the same size (teamA has 2, teamB has 1)');
  });

  it('ratedMatchFromScoring takes the target from the scoring type and refuses unknown types', () => {
    expect(ratedMatchFromScoring([p(1)], [p(2)], 21, 3, '2s & 3s to 21').target).toBe(21);
    expect(ratedMatchFromScoring([p(1)], [p(2)], 5, 3, '1s & 2s to 5').target).toBe(5);
    expect(() => ratedMatchFromScoring([p(1)], [p(2)], 5, 3, 'to 9' as ScoringType)).toThrow(RangeError);
  });
});
