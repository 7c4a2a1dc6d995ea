/**
 * Properties of rateMatch (docs/rating.md#formula): safe to replay (pure, independent of roster
 * order and team labels), bounded, and moving in the directions a player expects.
 */
import fc from 'fast-check';
import { rateMatch } from './rate-match';
import { RATING_PARAMS } from './constants';
import type { RatedMatchInput } from './types';
import { arbDecisiveMatch, arbMatch, arbShuffled, arbTeams, deltaOf, sides } from './arbitraries.spec-helpers';

const drifted = (sigma: number) => Math.sqrt(sigma * sigma + RATING_PARAMS.driftPerGame * RATING_PARAMS.driftPerGame);

describe('rateMatch: output shape and purity', () => {
  it('returns one change per player, sorted by id, with games + 1 and after = before + delta', () => {
    fc.assert(
      fc.property(arbMatch(), (match) => {
        const changes = rateMatch(match);
        const players = [...match.teamA, ...match.teamB].sort((a, b) => a.id - b.id);
        expect(changes.map((c) => c.id)).toEqual(players.map((p) => p.id));
        changes.forEach((c, i) => {
          expect(c.before).toBe(players[i].rating);
          expect(c.sigmaBefore).toBe(players[i].sigma);
          expect(c.after).toBe(c.before + c.delta);
          expect(c.gamesAfter).toBe(players[i].games + 1);
          expect(Object.is(c.delta, -0)).toBe(false);
        });
      }),
    );
  });

  it('does not modify its input and gives the same bits twice', () => {
    fc.assert(
      fc.property(arbMatch(), (match) => {
        const copy = structuredClone(match);
        const first = rateMatch(match);
        expect(match).toEqual(copy);
        expect(rateMatch(match)).toEqual(first);
      }),
    );
  });
});

describe('rateMatch: symmetry (bit-identical)', () => {
  it('roster order does not change any result', () => {
    const arb = arbMatch({ ratingMin: 0, ratingMax: 4000 }).chain((m) => fc.tuple(fc.constant(m), arbShuffled(m.teamA), arbShuffled(m.teamB)));
    fc.assert(
      fc.property(arb, ([match, teamA, teamB]) => {
        expect(rateMatch({ ...match, teamA, teamB })).toEqual(rateMatch(match));
      }),
      { numRuns: 300 },
    );
  });

  it('swapping the team A / team B labels gives the same changes', () => {
    fc.assert(
      fc.property(arbMatch({ ratingMin: 0, ratingMax: 4000 }), (match) => {
        const swapped: RatedMatchInput = { teamA: match.teamB, teamB: match.teamA, scoreA: match.scoreB, scoreB: match.scoreA, target: match.target };
        expect(rateMatch(swapped)).toEqual(rateMatch(match));
      }),
      { numRuns: 300 },
    );
  });

  it('teammates with the same state get the same change', () => {
    fc.assert(
      fc.property(arbDecisiveMatch(), (match) => {
        const [first, ...rest] = match.teamA;
        const teamA = [first, ...rest.map((p) => ({ ...p, rating: first.rating, sigma: first.sigma }))];
        const changes = rateMatch({ ...match, teamA });
        for (const p of teamA) expect(deltaOf(changes, p.id)).toBe(deltaOf(changes, first.id));
      }),
    );
  });
});

describe('rateMatch: bounds and directions', () => {
  it('a winner never loses rating and a loser never gains', () => {
    fc.assert(
      fc.property(arbDecisiveMatch(), (match) => {
        const changes = rateMatch(match);
        const { winners, losers } = sides(match);
        for (const p of winners) expect(deltaOf(changes, p.id)).toBeGreaterThanOrEqual(0);
        for (const p of losers) expect(deltaOf(changes, p.id)).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('one match moves a player by at most σ/√modelNoise, and σ stays within its band and never grows past the drift', () => {
    fc.assert(
      fc.property(arbMatch(), (match) => {
        const byId = new Map([...match.teamA, ...match.teamB].map((p) => [p.id, p]));
        for (const c of rateMatch(match)) {
          const sigma = drifted(byId.get(c.id)!.sigma);
          expect(Math.abs(c.delta)).toBeLessThanOrEqual(sigma / Math.sqrt(RATING_PARAMS.modelNoise) + 1e-9);
          expect(c.sigmaAfter).toBeGreaterThanOrEqual(RATING_PARAMS.minSigma);
          expect(c.sigmaAfter).toBeLessThanOrEqual(Math.min(RATING_PARAMS.initialSigma, sigma));
          expect(Number.isFinite(c.after)).toBe(true);
        }
      }),
    );
  });

  it('the surer a player, the less one match moves them (same team, same result)', () => {
    fc.assert(
      fc.property(arbTeams({ gamesMin: 0 }, fc.constant(1)), fc.integer({ min: 0, max: 9 }), ({ teamA, teamB }, loser) => {
        const even = (sigma: number) =>
          rateMatch({ teamA: [{ ...teamA[0], rating: 1500, sigma }], teamB: [{ ...teamB[0], rating: 1500, sigma: 100 }], scoreA: 11, scoreB: loser, target: 11 });
        const newcomer = deltaOf(even(RATING_PARAMS.initialSigma), teamA[0].id);
        const veteran = deltaOf(even(RATING_PARAMS.minSigma), teamA[0].id);
        expect(newcomer).toBeGreaterThan(veteran);
      }),
    );
  });

  it('a wider win moves the winners further (even teams, same target)', () => {
    fc.assert(
      fc.property(arbTeams(), fc.integer({ min: 0, max: 8 }), ({ teamA, teamB }, loser) => {
        const flat = (ps: typeof teamA) => ps.map((p) => ({ ...p, rating: 1500 }));
        const win = (l: number) => deltaOf(rateMatch({ teamA: flat(teamA), teamB: flat(teamB), scoreA: 11, scoreB: l, target: 11 }), teamA[0].id);
        expect(win(loser)).toBeGreaterThan(win(loser + 1));
      }),
    );
  });

  it('an even draw moves nobody; beating stronger players moves you more than beating weaker ones', () => {
    fc.assert(
      fc.property(arbTeams(), ({ teamA, teamB }) => {
        const at = (ps: typeof teamA, rating: number) => ps.map((p) => ({ ...p, rating, sigma: 100 }));
        for (const c of rateMatch({ teamA: at(teamA, 1500), teamB: at(teamB, 1500), scoreA: 7, scoreB: 7, target: 11 })) expect(c.delta).toBe(0);
        const beat = (rating: number) => deltaOf(rateMatch({ teamA: at(teamA, 1500), teamB: at(teamB, rating), scoreA: 11, scoreB: 6, target: 11 }), teamA[0].id);
        expect(beat(1600)).toBeGreaterThan(beat(1400));
      }),
    );
  });
});
