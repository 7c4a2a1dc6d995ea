/**
 * Properties of how much a result moves ratings: upsets, margins, game length, direction.
 * Every player of a team gets u_i·D with the same D, so comparing one player's |Δ| between two
 * otherwise identical matches compares D (the player's games, hence u_i, are held fixed).
 */
import fc from 'fast-check';
import { rateMatch } from './rate-match';
import { teamMean } from './formula';
import type { RatingPlayer } from './types';
import { arbAnyTarget, arbDecisiveMatch, arbDrawMatch, arbGames, arbTeams, arbWinScores, deltaOf, sides } from './arbitraries.spec-helpers';

/** |Δ| of the first winner when `winners` beat `losers` winnerScore–loserScore to `target`. */
function winnerGain(winners: RatingPlayer[], losers: RatingPlayer[], winnerScore: number, loserScore: number, target: number): number {
  return deltaOf(rateMatch({ teamA: winners, teamB: losers, scoreA: winnerScore, scoreB: loserScore, target }), winners[0].id);
}

const withGames = (team: RatingPlayer[], games: number): RatingPlayer[] => team.map((p) => ({ ...p, games }));

describe('rateMatch: upsets gain more than expected wins', () => {
  it('the lower-rated side beating the higher-rated one gains more than the reverse result', () => {
    fc.assert(
      fc.property(
        arbTeams(),
        arbGames(),
        arbAnyTarget.chain((t) => fc.tuple(fc.constant(t), arbWinScores(t))),
        ({ teamA, teamB }, g, [t, s]) => {
          const a = withGames(teamA, g);
          const b = withGames(teamB, g);
          fc.pre(teamMean(a) !== teamMean(b));
          const [low, high] = teamMean(a) < teamMean(b) ? [a, b] : [b, a];
          expect(winnerGain(low, high, s.winner, s.loser, t)).toBeGreaterThan(winnerGain(high, low, s.winner, s.loser, t));
        },
      ),
    );
  });

  it('raising a winner’s rating (all else equal) lowers what the win is worth', () => {
    fc.assert(
      fc.property(arbDecisiveMatch(), fc.double({ min: 1, max: 800, noNaN: true }), (match, bump) => {
        const { winners, losers } = sides(match);
        const [w, l] = [Math.max(match.scoreA, match.scoreB), Math.min(match.scoreA, match.scoreB)];
        const stronger = winners.map((p, i) => (i === 0 ? { ...p, rating: p.rating + bump } : p));
        expect(winnerGain(winners, losers, w, l, match.target)).toBeGreaterThan(winnerGain(stronger, losers, w, l, match.target));
      }),
    );
  });
});

describe('rateMatch: larger margins move more', () => {
  it('a lower losing score (same winner score and target) moves more', () => {
    fc.assert(
      fc.property(arbTeams(), arbAnyTarget, fc.integer({ min: 1, max: 45 }), fc.nat(), fc.nat(), ({ teamA, teamB }, t, sW, i, j) => {
        fc.pre(sW >= 2);
        const [lo, hi] = [i % sW, j % sW].sort((x, y) => x - y);
        fc.pre(lo < hi);
        expect(winnerGain(teamA, teamB, sW, lo, t)).toBeGreaterThan(winnerGain(teamA, teamB, sW, hi, t));
      }),
    );
  });

  it('a higher winning score (same losing score and target, overtime included) never moves less', () => {
    fc.assert(
      fc.property(
        arbTeams(),
        arbAnyTarget,
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 10 }),
        ({ teamA, teamB }, t, sL, d1, d2) => {
          fc.pre(d1 !== d2);
          const [near, far] = [sL + Math.min(d1, d2), sL + Math.max(d1, d2)];
          const [nearGain, farGain] = [winnerGain(teamA, teamB, near, sL, t), winnerGain(teamA, teamB, far, sL, t)];
          // x = (sW − sL)/max(T, sW) is capped at 1: a shutout at or past the target (11-0, 13-0
          // to 11) always has M = 2, so only there the two are equal.
          if (sL === 0 && near >= t) expect(farGain).toBe(nearGain);
          else expect(farGain).toBeGreaterThan(nearGain);
        },
      ),
    );
  });

  it('documented exception: an overtime win can have a larger point gap but a smaller x', () => {
    // 15-11 to 11: x = 4/15 = 0.267;  11-8 to 11: x = 3/11 = 0.273 — the 4-point win moves less.
    const a: RatingPlayer[] = [{ id: 1, rating: 1500, games: 20 }];
    const b: RatingPlayer[] = [{ id: 2, rating: 1500, games: 20 }];
    expect(winnerGain(a, b, 15, 11, 11)).toBeLessThan(winnerGain(a, b, 11, 8, 11));
  });
});

/*
 * "The same gap moves less in a longer game" holds only between targets with the same F_T.
 * F_T = 0.7 for T ≤ 7 outweighs the margin term: between 5 and 11 it is reversed for EVERY gap
 * g ≤ 5, since 0.7·(0.5 + 1.5·√(g/5)) < 0.5 + 1.5·√(g/11) ⇔ 0.039·√(g/5) < 0.15. So we test the
 * margin effect within one F_T band (11 vs 21, and arbitrary pairs), and F_T on its own.
 */
describe('rateMatch: game length', () => {
  const arbSameBandTargets = fc.oneof(
    fc.constant<[number, number]>([11, 21]),
    fc.tuple(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 7 })),
    fc.tuple(fc.integer({ min: 8, max: 40 }), fc.integer({ min: 8, max: 40 })),
  );

  it('the same point gap moves less in a longer game (targets with equal F_T)', () => {
    fc.assert(
      fc.property(arbTeams(), arbSameBandTargets, fc.integer({ min: 1, max: 40 }), ({ teamA, teamB }, [t1, t2], gap) => {
        fc.pre(t1 !== t2);
        const [short, long] = t1 < t2 ? [t1, t2] : [t2, t1];
        fc.pre(gap <= short);
        expect(winnerGain(teamA, teamB, short, short - gap, short)).toBeGreaterThan(winnerGain(teamA, teamB, long, long - gap, long));
      }),
    );
  });

  it('documented exception: a game to 5 moves less than a game to 11 with the same gap', () => {
    fc.assert(
      fc.property(arbTeams(), fc.integer({ min: 1, max: 5 }), ({ teamA, teamB }, gap) => {
        expect(winnerGain(teamA, teamB, 5, 5 - gap, 5)).toBeLessThan(winnerGain(teamA, teamB, 11, 11 - gap, 11));
      }),
    );
  });

  it('a short game (T ≤ 7) moves exactly 0.7× a longer game with the same margin ratio x', () => {
    fc.assert(
      fc.property(arbTeams(), fc.integer({ min: 1, max: 7 }), fc.integer({ min: 2, max: 6 }), fc.nat(), ({ teamA, teamB }, t, k, l) => {
        const longT = t * k;
        fc.pre(longT > 7);
        const sL = l % t;
        // x = (t − sL)/t and (k·t − k·sL)/(k·t) are the same rational, so both round to the same double.
        const short = winnerGain(teamA, teamB, t, sL, t);
        const long = winnerGain(teamA, teamB, longT, sL * k, longT);
        expect(short / long).toBeCloseTo(0.7, 12);
      }),
    );
  });
});

describe('rateMatch: direction', () => {
  it('winners never lose and losers never gain, even at extreme ratings', () => {
    fc.assert(
      fc.property(arbDecisiveMatch({ ratingMin: -20_000, ratingMax: 20_000 }), (match) => {
        const changes = rateMatch(match);
        const { winners, losers } = sides(match);
        for (const p of winners) expect(deltaOf(changes, p.id)).toBeGreaterThanOrEqual(0);
        for (const p of losers) expect(deltaOf(changes, p.id)).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('with realistic ratings every winner strictly gains and every loser strictly loses', () => {
    fc.assert(
      fc.property(arbDecisiveMatch(), (match) => {
        const changes = rateMatch(match);
        const { winners, losers } = sides(match);
        for (const p of winners) expect(deltaOf(changes, p.id)).toBeGreaterThan(0);
        for (const p of losers) expect(deltaOf(changes, p.id)).toBeLessThan(0);
      }),
    );
  });

  it('in a draw the lower-rated side never loses, the higher-rated side never gains', () => {
    fc.assert(
      fc.property(arbDrawMatch(), (match) => {
        const changes = rateMatch(match);
        const [meanA, meanB] = [teamMean(match.teamA), teamMean(match.teamB)];
        // ≥/≤ rather than strict: a gap of a few ulps can leave E at exactly 0.5 (Δ = 0).
        const [lower, higher] = meanA <= meanB ? [match.teamA, match.teamB] : [match.teamB, match.teamA];
        for (const p of lower) expect(deltaOf(changes, p.id)).toBeGreaterThanOrEqual(0);
        for (const p of higher) expect(deltaOf(changes, p.id)).toBeLessThanOrEqual(0);
        if (meanA === meanB) for (const c of changes) expect(c.delta).toBe(0);
      }),
    );
  });

  it('a draw between equal sides changes no rating but still counts the game', () => {
    const team = (ids: number[]): RatingPlayer[] => ids.map((id) => ({ id, rating: 1500, games: 3 }));
    const changes = rateMatch({ teamA: team([1, 2]), teamB: team([3, 4]), scoreA: 7, scoreB: 7, target: 11 });
    expect(changes.map((c) => c.delta)).toEqual([0, 0, 0, 0]);
    expect(changes.map((c) => c.gamesAfter)).toEqual([4, 4, 4, 4]);
  });
});
