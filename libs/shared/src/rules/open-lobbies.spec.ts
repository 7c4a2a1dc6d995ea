import { MSG } from '../messages';
import { formatThousandths, inOpenRange, parseOpenRange, ratingThousandths } from './open-lobbies';
import { scoringMeaning } from './scoring-words';

describe('open lobby ranges (docs/matches.md#open-lobbies)', () => {
  it('reads shown ratings as numbers or text, three decimals at most, 2.000 to 8.000', () => {
    expect(ratingThousandths(3.75)).toBe(3750);
    expect(ratingThousandths('3.75')).toBe(3750);
    expect(ratingThousandths(' 4 ')).toBe(4000);
    expect(ratingThousandths(4.1234)).toBeNull();
    expect(ratingThousandths('4.1234')).toBeNull();
    expect(ratingThousandths(1.999)).toBeNull();
    expect(ratingThousandths(8.001)).toBeNull();
    expect(ratingThousandths('abc')).toBeNull();
    expect(ratingThousandths(true)).toBeNull();
    expect(formatThousandths(3750)).toBe('3.750');
    expect(formatThousandths(4005)).toBe('4.005');
  });

  it('answers both ends, neither, or the problem in plain words', () => {
    expect(parseOpenRange(undefined, '')).toEqual({ range: null });
    expect(parseOpenRange(3.5, 4.5)).toEqual({ range: { min: 3500, max: 4500 } });
    expect(parseOpenRange(3.5, undefined)).toEqual({ problem: MSG.openRangeBoth });
    expect(parseOpenRange(3.5, 9)).toEqual({ problem: MSG.openRangeInvalid });
    expect(parseOpenRange(4.5, 3.5)).toEqual({ problem: MSG.openRangeOrder });
    expect(inOpenRange(3500, { min: 3500, max: 4500 })).toBe(true);
    expect(inOpenRange(4501, { min: 3500, max: 4500 })).toBe(false);
  });

  it('says what a scoring type means', () => {
    expect(scoringMeaning('1s & 2s to 11')).toBe('Game to 11 · baskets count 1 and 2');
    expect(scoringMeaning('2s & 3s to 21')).toBe('Game to 21 · baskets count 2 and 3');
  });
});
