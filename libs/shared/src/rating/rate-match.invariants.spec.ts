/**
 * Properties that make rateMatch safe to replay: independence from roster order and team labels,
 * shape of the output, zero-sum among experienced players, and the team-size and experience
 * factors acting in the stated direction.
 */
import fc from 'fast-check';
import { rateMatch } from './rate-match';
import { PROVISIONAL_GAMES } from './constants';
import type { RatedMatchInput, RatingPlayer } from './types';
import { arbAnyTarget, arbDecisiveMatch, arbGames, arbMatch, arbRating, arbShuffled, arbWinScores, deltaOf } from './arbitraries.spec-helpers';

describe('rateMatch: output shape and purity', () => {
  it('returns one change per player, sorted by id, with games + 1 and after = before + delta', () => {
    fc.assert(
      fc.property(arbMatch(), (match) => {
        const changes = rateMatch(match);
        const players = [...match.teamA, ...match.teamB].sort((a, b) => a.id - b.id);
        expect(changes.map((c) => c.id)).toEqual(players.map((p) => p.id));
        changes.forEach((c, i) => {
          expect(c.before).toBe(players[i].rating);
          expect(c.after).toBe(c.before + c.delta);
          expect(c.gamesBefore).toBe(players[i].games);
          expect(c.gamesAfter).toBe(players[i].games + 1);
        });
      }),
    );
  });

  it('does not modify its input', () => {
    fc.assert(
      fc.property(arbMatch(), (match) => {
        const copy = structuredClone(match);
        rateMatch(match);
        expect(match).toEqual(copy);
      }),
    );
  });
});

describe('rateMatch: order independence (bit-identical)', () => {
  const arbWithShuffles = arbMatch({ ratingMin: 0, ratingMax: 4000 }).chain((match) => fc.tuple(fc.constant(match), arbShuffled(match.teamA), arbShuffled(match.teamB)));

  it('roster order does not change any result', () => {
    fc.assert(
      fc.property(arbWithShuffles, ([match, teamA, teamB]) => {
        // toEqual compares numbers with Object.is, so this is a bit-for-bit comparison.
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

  it('fractional ratings whose sum depends on order still give identical bits', () => {
    const p = (id: number, rating: number): RatingPlayer => ({ id, rating, games: 20 });
    const teamA = [p(1, 1500.1), p(2, 1500.2), p(3, 1500.3)];
    const teamB = [p(4, 1400.7), p(5, 1600.9), p(6, 1500.3)];
    const reference = rateMatch({ teamA, teamB, scoreA: 21, scoreB: 17, target: 21 });
    const reversed = rateMatch({ teamA: [...teamA].reverse(), teamB: [...teamB].reverse(), scoreA: 21, scoreB: 17, target: 21 });
    expect(reversed).toEqual(reference);
  });
});

describe('rateMatch: zero-sum among experienced players', () => {
  it('sum of deltas is 0 (within 1e-9) when every player has ≥ 15 games', () => {
    fc.assert(
      fc.property(arbMatch({ ratingMin: -10_000, ratingMax: 10_000, gamesMin: PROVISIONAL_GAMES, gamesMax: 200 }), (match) => {
        const total = rateMatch(match).reduce((sum, c) => sum + c.delta, 0);
        expect(Math.abs(total)).toBeLessThanOrEqual(1e-9);
      }),
      { numRuns: 300 },
    );
  });
});

describe('rateMatch: team size', () => {
  it('with equal ratings and the same score, the per-player Δ shrinks from 1v1 to 5v5', () => {
    fc.assert(
      fc.property(
        arbRating(),
        arbGames(),
        arbAnyTarget.chain((t) => fc.tuple(fc.constant(t), arbWinScores(t))),
        (rating, games, [target, s]) => {
          const team = (first: number, n: number): RatingPlayer[] => Array.from({ length: n }, (_, i) => ({ id: first + i, rating, games }));
          const gains = [1, 2, 3, 4, 5].map((n) => rateMatch({ teamA: team(1, n), teamB: team(100, n), scoreA: s.winner, scoreB: s.loser, target }));
          for (let n = 1; n < 5; n += 1) {
            expect(gains[n][0].delta).toBeLessThan(gains[n - 1][0].delta);
            expect(gains[n][gains[n].length - 1].delta).toBeGreaterThan(gains[n - 1][gains[n - 1].length - 1].delta);
          }
        },
      ),
    );
  });
});

describe('rateMatch: new players move faster', () => {
  const withGames = (match: RatedMatchInput, id: number, games: number): RatedMatchInput => {
    const set = (team: readonly RatingPlayer[]): RatingPlayer[] => team.map((p) => (p.id === id ? { ...p, games } : p));
    return { ...match, teamA: set(match.teamA), teamB: set(match.teamB) };
  };

  it('fewer games ⇒ larger |Δ| while provisional; no difference once both have ≥ 15 games', () => {
    fc.assert(
      fc.property(arbDecisiveMatch(), arbGames(0, 40), arbGames(0, 40), (match, g1, g2) => {
        fc.pre(g1 < g2);
        const id = match.teamA[0].id;
        const fewer = Math.abs(deltaOf(rateMatch(withGames(match, id, g1)), id));
        const more = Math.abs(deltaOf(rateMatch(withGames(match, id, g2)), id));
        if (g1 < PROVISIONAL_GAMES) expect(fewer).toBeGreaterThan(more);
        else expect(fewer).toBe(more);
      }),
    );
  });

  it('a brand-new player moves 2.5× as far as an experienced one', () => {
    fc.assert(
      fc.property(arbDecisiveMatch(), (match) => {
        const id = match.teamB[0].id;
        const fresh = deltaOf(rateMatch(withGames(match, id, 0)), id);
        const seasoned = deltaOf(rateMatch(withGames(match, id, PROVISIONAL_GAMES)), id);
        expect(fresh / seasoned).toBeCloseTo(2.5, 12);
      }),
    );
  });
});
