/** Hand-computed examples: the arithmetic is spelled out so a reviewer can redo it on paper. */
import { rateMatch } from './rate-match';
import { ratedMatchFromScoring } from './scoring';
import { displayRating } from './display';

const close = (value: number, expected: number): void => expect(value).toBeCloseTo(expected, 10);

describe('rateMatch examples', () => {
  it('1v1, two new 1500 players, 11-5 to 11', () => {
    // E_W = 1/(1+10^0) = 0.5;  x = 6/11 = 0.545454…;  √x = 0.738548945…
    // M = 0.5 + 1.5·0.738548945… = 1.6078234188…;  A = 2.2/2.2 = 1;  W_1 = 1;  F_11 = 1
    // D = 24·1·1·1.6078234188…·1·(1 − 0.5) = 19.2938810257…
    // u(g=0) = 1 + 1.5·15/15 = 2.5  ⇒  Δ = ±48.2347025644…
    // shown: 4000 + round(4·48.2347…) = 4000 + 193 → "4.193";  4000 + round(−192.94) = 3807 → "3.807"
    const changes = rateMatch(ratedMatchFromScoring([{ id: 1, rating: 1500, games: 0 }], [{ id: 2, rating: 1500, games: 0 }], 11, 5, '1s & 2s to 11'));
    close(changes[0].delta, 48.2347025644198);
    close(changes[0].after, 1548.2347025644199);
    close(changes[1].delta, -48.2347025644198);
    expect(changes.map((c) => c.gamesAfter)).toEqual([1, 1]);
    expect(displayRating(changes[0].after)).toBe('4.193');
    expect(displayRating(changes[1].after)).toBe('3.807');
  });

  it('2v2 draw 5-5 to 5, 1600s against 1400s, experienced players', () => {
    // E_A = 1/(1+10^(−200/400)) = 1/(1+0.316227766…) = 0.759746926…;  W_2 = 1/√2 = 0.707106781…
    // F_5 = 0.7 (short game);  u = 1 (g ≥ 15);  M = A = 1
    // Δ_A = 24·0.707106781…·0.7·(0.5 − 0.759746926…) = 11.879393923…·(−0.259746926…) = −3.085636062…
    // Δ_B = +3.085636062… (the favourite drawing is a loss of expected score)
    const changes = rateMatch({
      teamA: [
        { id: 1, rating: 1600, games: 20 },
        { id: 2, rating: 1600, games: 15 },
      ],
      teamB: [
        { id: 3, rating: 1400, games: 30 },
        { id: 4, rating: 1400, games: 15 },
      ],
      scoreA: 5,
      scoreB: 5,
      target: 5,
    });
    for (const c of changes.slice(0, 2)) close(c.delta, -3.08563606218228);
    for (const c of changes.slice(2)) close(c.delta, 3.08563606218228);
  });

  it('a 1000-point favourite winning 21-0 gains almost nothing', () => {
    // E_W = 1/(1+10^(−1000/400)) = 1/(1+0.0031622776…) = 0.996847690…;  1 − E_W = 0.003152309…
    // x = 1 ⇒ M = 2;  A = 2.2/(2.2 + 1) = 0.6875;  D = 24·1·1·2·0.6875·0.003152309… = 0.104026203…
    const changes = rateMatch({ teamA: [{ id: 1, rating: 2000, games: 15 }], teamB: [{ id: 2, rating: 1000, games: 15 }], scoreA: 21, scoreB: 0, target: 21 });
    close(changes[0].delta, 0.10402620304758492);
    close(changes[1].delta, -0.10402620304758492);
  });

  it('the same 1000-point underdog winning 21-0 gains a lot', () => {
    // 1 − E_W = 1 − 1/(1+10^2.5) = 0.996847690…;  M = 2;  A = 2.2/(2.2 − 1) = 1.8333…
    // D = 24·2·1.8333…·0.996847690… = 88·0.996847690… = 87.722596791…
    const changes = rateMatch({ teamA: [{ id: 1, rating: 2000, games: 15 }], teamB: [{ id: 2, rating: 1000, games: 15 }], scoreA: 0, scoreB: 21, target: 21 });
    close(changes[1].delta, 87.7225967918731);
    close(changes[0].delta, -87.7225967918731);
  });

  it('overtime: 13-11 to 11 uses max(T, sW) so x = 2/13', () => {
    // x = 2/13 = 0.153846…;  √x = 0.392232…;  M = 0.5 + 1.5·0.392232… = 1.088348…
    // D = 24·1·1·1.088348…·1·0.5 = 13.060180864…;  u = 1
    const changes = rateMatch({ teamA: [{ id: 1, rating: 1500, games: 15 }], teamB: [{ id: 2, rating: 1500, games: 15 }], scoreA: 13, scoreB: 11, target: 11 });
    close(changes[0].delta, 13.060180864974624);
    close(changes[1].delta, -13.060180864974624);
  });
});
